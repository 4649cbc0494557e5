export const reportKeys = {
  all: ['reports'] as const,
  details: () => [...reportKeys.all, 'detail'] as const,
  detail: (id: number) => [...reportKeys.details(), id] as const,
  filters: (id: number) => [...reportKeys.all, 'filters', id] as const,
  count: (id: number, filter: string) => [...reportKeys.all, 'count', id, filter] as const,
};
