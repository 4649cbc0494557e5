import type { Employee, UpdateEmployee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { employeeKeys } from './employee-keys.ts';

/**
 * PATCH with the version the form is based on and only the changed fields; a stale version answers
 * 409 CONFLICT. Setting `active: false` ends the employee's sessions.
 */
export async function updateEmployee(id: number, input: UpdateEmployee): Promise<Employee> {
  const answer = await api.patch<{ data: Employee }>(`employee/${id}`, input);
  return answer.data;
}

export function useUpdateEmployee(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEmployee) => updateEmployee(id, input),
    onSuccess: (employee) => queryClient.setQueryData(employeeKeys.detail(id), employee),
  });
}
