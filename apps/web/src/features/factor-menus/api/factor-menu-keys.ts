export const factorMenuKeys = {
  all: ['factorMenus'] as const,
  details: () => [...factorMenuKeys.all, 'detail'] as const,
  detail: (id: number) => [...factorMenuKeys.details(), id] as const,
};
