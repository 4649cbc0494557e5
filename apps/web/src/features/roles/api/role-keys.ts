export const roleKeys = {
  all: ['roles'] as const,
  details: () => [...roleKeys.all, 'detail'] as const,
  detail: (id: number) => [...roleKeys.details(), id] as const,
  /** Whether one employee (the signed-in user) holds the role. */
  membership: (id: number, employeeId: number) => [...roleKeys.detail(id), 'member', employeeId] as const,
};
