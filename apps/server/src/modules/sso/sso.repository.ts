import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { identityLinks, ssoLogins, ssoTickets } from './sso.table.ts';

export type PendingLogin = typeof ssoLogins.$inferSelect;
export type SsoTicket = typeof ssoTickets.$inferSelect;
export type LinkCandidate = { id: number; active: boolean };

/**
 * Data access of single sign-on (decision 011): pending logins, tickets, identity links, no rules. Each function
 * takes the executor first (the database, or the caller's transaction).
 */
export const ssoRepository = {
  async insertPendingLogin(ex: Executor, row: PendingLogin): Promise<void> {
    await ex.insert(ssoLogins).values(row);
  },

  /** Removes and returns the pending login: a state can be used once only. */
  async takePendingLogin(ex: Executor, stateHash: string): Promise<PendingLogin | undefined> {
    const [row] = await ex.delete(ssoLogins).where(eq(ssoLogins.stateHash, stateHash)).returning();
    return row;
  },

  async insertTicket(ex: Executor, row: SsoTicket): Promise<void> {
    await ex.insert(ssoTickets).values(row);
  },

  /** Removes and returns the ticket: it can be exchanged once only. */
  async takeTicket(ex: Executor, ticketHash: string): Promise<SsoTicket | undefined> {
    const [row] = await ex.delete(ssoTickets).where(eq(ssoTickets.ticketHash, ticketHash)).returning();
    return row;
  },

  async purgeExpired(ex: Executor): Promise<void> {
    await ex.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
    await ex.delete(ssoTickets).where(lt(ssoTickets.expiresAt, new Date()));
  },

  async findLinkedEmployee(
    ex: Executor,
    issuer: string,
    subject: string,
  ): Promise<LinkCandidate | undefined> {
    const [row] = await ex
      .select({ id: employees.id, active: employees.active })
      .from(identityLinks)
      .innerJoin(employees, eq(employees.id, identityLinks.employeeId))
      .where(and(eq(identityLinks.issuer, issuer), eq(identityLinks.subject, subject)));
    return row;
  },

  async isActive(ex: Executor, employeeId: number): Promise<boolean> {
    const [row] = await ex
      .select({ active: employees.active })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return row?.active === true;
  },

  /** Employees whose login name or e-mail equals `value`, compared case-insensitively (at most a few). */
  async findByField(ex: Executor, field: 'loginName' | 'email', value: string): Promise<LinkCandidate[]> {
    const column = field === 'loginName' ? employees.loginName : employees.email;
    return ex
      .select({ id: employees.id, active: employees.active })
      .from(employees)
      .where(sql`lower(${column}) = ${value.trim().toLowerCase()}`)
      .limit(5);
  },

  /** Makes the link unless the identity was linked meanwhile; answers the employee it is linked to. */
  async insertLink(
    ex: Executor,
    link: { issuer: string; subject: string; employeeId: number },
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

export type SsoRepository = typeof ssoRepository;
