import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { identityLinks, ssoLogins, ssoTickets } from './sso.table.ts';

export type PendingLogin = typeof ssoLogins.$inferSelect;
export type SsoTicket = typeof ssoTickets.$inferSelect;
export type LinkCandidate = { id: number; active: boolean };

export function createSsoRepository(db: Db) {
  return {
    async insertPendingLogin(row: PendingLogin, ex: Executor = db): Promise<void> {
      await ex.insert(ssoLogins).values(row);
    },

    /** Removes and returns the pending login: a state can be used once only. */
    async takePendingLogin(stateHash: string, ex: Executor = db): Promise<PendingLogin | undefined> {
      const [row] = await ex.delete(ssoLogins).where(eq(ssoLogins.stateHash, stateHash)).returning();
      return row;
    },

    async insertTicket(row: SsoTicket, ex: Executor = db): Promise<void> {
      await ex.insert(ssoTickets).values(row);
    },

    /** Removes and returns the ticket: it can be exchanged once only. */
    async takeTicket(ticketHash: string, ex: Executor = db): Promise<SsoTicket | undefined> {
      const [row] = await ex.delete(ssoTickets).where(eq(ssoTickets.ticketHash, ticketHash)).returning();
      return row;
    },

    async purgeExpired(ex: Executor = db): Promise<void> {
      await ex.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
      await ex.delete(ssoTickets).where(lt(ssoTickets.expiresAt, new Date()));
    },

    async findLinkedEmployee(issuer: string, subject: string): Promise<LinkCandidate | undefined> {
      const [row] = await db
        .select({ id: employees.id, active: employees.active })
        .from(identityLinks)
        .innerJoin(employees, eq(employees.id, identityLinks.employeeId))
        .where(and(eq(identityLinks.issuer, issuer), eq(identityLinks.subject, subject)));
      return row;
    },

    async isActive(employeeId: number): Promise<boolean> {
      const [row] = await db
        .select({ active: employees.active })
        .from(employees)
        .where(eq(employees.id, employeeId));
      return row?.active === true;
    },

    /** Employees whose login name or e-mail equals `value`, compared case-insensitively (at most a few). */
    async findByField(field: 'loginName' | 'email', value: string): Promise<LinkCandidate[]> {
      const column = field === 'loginName' ? employees.loginName : employees.email;
      return db
        .select({ id: employees.id, active: employees.active })
        .from(employees)
        .where(sql`lower(${column}) = ${value.trim().toLowerCase()}`)
        .limit(5);
    },

    /** Makes the link unless the identity was linked meanwhile; answers the employee it is linked to. */
    async insertLink(
      link: { issuer: string; subject: string; employeeId: number },
      ex: Executor = db,
    ): Promise<{ employeeId: number; created: boolean }> {
      const inserted = await ex
        .insert(identityLinks)
        .values(link)
        .onConflictDoNothing()
        .returning({ employeeId: identityLinks.employeeId });
      if (inserted[0]) return { employeeId: inserted[0].employeeId, created: true };
      const [existing] = await ex
        .select({ employeeId: identityLinks.employeeId })
        .from(identityLinks)
        .where(and(eq(identityLinks.issuer, link.issuer), eq(identityLinks.subject, link.subject)));
      return { employeeId: existing?.employeeId ?? link.employeeId, created: false };
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
