export const topicKeys = {
  all: ['topics'] as const,
  details: () => [...topicKeys.all, 'detail'] as const,
  detail: (id: number) => [...topicKeys.details(), id] as const,
};

/** List source of the topics (list protocol); the parent picker uses it as well. */
export const TOPIC_LIST_SOURCE = 'topics';

/** List source of the instruction assignments (list protocol; filters topicId, employeeId, status). */
export const ASSIGNMENT_LIST_SOURCE = 'instructions/assignments';

/** List source of the removed items with their classification (list protocol; filters topicId, employeeId). */
export const REMOVAL_LIST_SOURCE = 'instructions/removals';
