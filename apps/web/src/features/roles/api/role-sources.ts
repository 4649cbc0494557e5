/** List sources of the role module (list protocol, spec shell §7). */
export const ROLE_LIST_SOURCE = 'role/list';

export function roleMembersSource(roleId: number): string {
  return `role/${roleId}/members`;
}
