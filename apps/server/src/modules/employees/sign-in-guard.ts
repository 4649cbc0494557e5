import type { ErrorCode } from '@schutzwerk/shared/errors.ts';
import { employeesMessages } from '@schutzwerk/shared/errors.ts';
import { SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { employeesRepository } from './employees.repository.ts';

/**
 * The fields through which someone signs in or is reached (decision 023). A change to one of them, to the
 * password or to the employee's roles is only allowed for employees holding no right the actor lacks.
 */
export const SIGN_IN_FIELDS = ['loginName', 'email', 'tempLoginName', 'chipId', 'active'] as const;

export function touchesSignIn(fields: Iterable<string>): boolean {
  for (const field of fields) if ((SIGN_IN_FIELDS as readonly string[]).includes(field)) return true;
  return false;
}

/**
 * The employees among `employeeIds` who hold a permission (through any of their roles) that the actor does
 * not hold. A superuser (id 12) holds everything: nobody has more rights; holding 12 counts as more rights
 * for everyone else.
 */
export async function employeesWithMoreRights(
  ex: Executor,
  actor: Pick<Actor, 'permissions'>,
  employeeIds: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (employeeIds.length === 0 || actor.permissions.has(SUPERUSER_ID)) return [];
  const rows = await employeesRepository.holdingPermissionsBeyond(ex, employeeIds, actor.permissions);
  return rows.map((r) => ({ id: r.id, name: `${r.lastName}, ${r.firstName}` }));
}

/**
 * The one rule of decision 023: nobody changes the sign-in and reach fields, the password or the roles of
 * an employee who holds rights they do not hold themselves. Throws 403 `code` (EMPLOYEE_MORE_RIGHTS unless
 * the caller has a more specific one); several employees are named in the message.
 */
export async function assertNoMoreRights(
  ex: Executor,
  actor: Pick<Actor, 'permissions'>,
  employeeIds: readonly number[],
  code: ErrorCode = 'EMPLOYEE_MORE_RIGHTS',
): Promise<void> {
  const more = await employeesWithMoreRights(ex, actor, employeeIds);
  if (more.length === 0) return;
  if (employeeIds.length <= 1) throw new AppError(code);
  throw new AppError(code, {
    message: employeesMessages.moreRights(more.map((m) => m.name)),
    details: { employeeIds: more.map((m) => m.id) },
  });
}
