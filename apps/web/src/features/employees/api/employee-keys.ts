export const employeeKeys = {
  all: ['employees'] as const,
  details: () => [...employeeKeys.all, 'detail'] as const,
  detail: (id: number) => [...employeeKeys.details(), id] as const,
  assignments: (id: number) => [...employeeKeys.all, 'assignments', id] as const,
};
