import type { ExceptionRow } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** The employee's exception list (Ausnahmeliste). */
export async function getEmployeeExceptions(employeeId: number): Promise<ExceptionRow[]> {
  return (await api.get<{ data: ExceptionRow[] }>(`instructions/employees/${employeeId}/exceptions`)).data;
}

export function useEmployeeExceptions(employeeId: number) {
  return useQuery({
    queryKey: profileKeys.exceptions(employeeId),
    queryFn: () => getEmployeeExceptions(employeeId),
    staleTime: 0,
  });
}
