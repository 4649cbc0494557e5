/** Query keys and list sources of profiles, employee tabs and the matrix (decision 040). */
export const profileKeys = {
  all: ['instruction-profiles'] as const,
  detail: (id: number) => [...profileKeys.all, 'detail', id] as const,
  employee: (id: number) => [...profileKeys.all, 'employee', id] as const,
  exceptions: (id: number) => [...profileKeys.all, 'exceptions', id] as const,
  matrixTopics: () => [...profileKeys.all, 'matrix-topics'] as const,
  matrix: (params: Record<string, unknown>) => [...profileKeys.all, 'matrix', params] as const,
};

/** List source of the profiles (list protocol). */
export const PROFILE_LIST_SOURCE = 'instructions/profiles';
/** List source of one employee's items (list protocol). */
export const employeeAssignmentsSource = (employeeId: number) =>
  `instructions/employees/${employeeId}/assignments`;
