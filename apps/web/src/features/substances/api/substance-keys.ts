export const substanceKeys = {
  all: ['substances'] as const,
  details: () => [...substanceKeys.all, 'detail'] as const,
  detail: (id: number) => [...substanceKeys.details(), id] as const,
  versions: (id: number) => [...substanceKeys.all, 'versions', id] as const,
};
