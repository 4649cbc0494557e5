export const schedulerKeys = {
  all: ['taskschedule'] as const,
  lists: () => [...schedulerKeys.all, 'list'] as const,
  runs: (taskId: number) => [...schedulerKeys.all, 'runs', taskId] as const,
};
