export const activityKeys = {
  all: ['activities'] as const,
  tree: () => [...activityKeys.all, 'tree'] as const,
  details: () => [...activityKeys.all, 'detail'] as const,
  detail: (id: number) => [...activityKeys.details(), id] as const,
  /** An employee's activities and roles (the employee record's panel). */
  ofEmployee: (employeeId: number) => [...activityKeys.all, 'employee', employeeId] as const,
};
