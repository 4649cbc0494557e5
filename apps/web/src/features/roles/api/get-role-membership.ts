import type { SessionEmployee } from '@schutzwerk/shared/auth/auth.schema.ts';
import { LIST_PAGE_SIZE } from '@schutzwerk/shared/constants.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import type { RoleMemberRow } from '@schutzwerk/shared/roles/role.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { roleKeys } from './role-keys.ts';
import { roleMembersSource } from './role-sources.ts';

/**
 * True when `employee` holds the role: the member list searched for the employee's personnel number (or
 * name), then matched by id.
 */
export async function isRoleMember(
  roleId: number,
  employee: Pick<SessionEmployee, 'id' | 'personnelNumber' | 'lastName' | 'firstName'>,
): Promise<boolean> {
  const search =
    employee.personnelNumber?.trim() ||
    [employee.lastName, employee.firstName].filter((part) => part?.trim()).join(' ');
  const answer = await api.get<{ data: ListResult<RoleMemberRow> }>(roleMembersSource(roleId), {
    search: search || undefined,
    offset: 0,
    limit: LIST_PAGE_SIZE,
  });
  return answer.data.rows.some((row) => row.id === employee.id);
}

/** Whether the signed-in user holds the role (undefined while unknown). */
export function useIsRoleMember(
  roleId: number,
  employee: Pick<SessionEmployee, 'id' | 'personnelNumber' | 'lastName' | 'firstName'>,
) {
  return useQuery({
    queryKey: roleKeys.membership(roleId, employee.id),
    queryFn: () => isRoleMember(roleId, employee),
    staleTime: 0,
  });
}
