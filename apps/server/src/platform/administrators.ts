import { SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { AppError } from './errors.ts';

/**
 * The invariant that keeps the system administrable: at least one active employee holds id 12
 * (superuser) through a role. Call it inside the transaction, after the change; throwing rolls it back.
 */
export async function assertAdministratorRemains(ex: Executor): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n
          from employees e
         where e.active
           and exists (select 1 from employee_roles er
                         join role_permissions rp on rp.role_id = er.role_id
                        where er.employee_id = e.id and rp.permission_id = ${SUPERUSER_ID})`,
  );
  if ((row?.n ?? 0) === 0) throw new AppError('LAST_ADMINISTRATOR');
}
