import type { Department, UpdateDepartment } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { organisationKeys } from './organisation-keys.ts';

/** PATCH with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateDepartment(id: number, input: UpdateDepartment): Promise<Department> {
  const answer = await api.patch<{ data: Department }>(`departments/${id}`, input);
  return answer.data;
}

export function useUpdateDepartment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDepartment) => updateDepartment(id, input),
    onSuccess: (department) => {
      queryClient.setQueryData(organisationKeys.detail('departments', id), department);
      return queryClient.invalidateQueries({ queryKey: organisationKeys.tree('departments') });
    },
  });
}
