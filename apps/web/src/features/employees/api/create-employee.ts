import type { CreateEmployee, Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { employeeKeys } from './employee-keys.ts';

/** 409 DUPLICATE names the taken personnel number or login name (details point at the field). */
export async function createEmployee(input: CreateEmployee): Promise<Employee> {
  const answer = await api.post<{ data: Employee }>('employee', input);
  return answer.data;
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: (employee) => queryClient.setQueryData(employeeKeys.detail(employee.id), employee),
  });
}
