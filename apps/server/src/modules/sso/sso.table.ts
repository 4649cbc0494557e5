import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';

/**
 * The link between an identity at an OpenID provider (issuer + subject) and an employee. Made once, on the
 * first single sign-on, through the configured claim; afterwards the claim is no longer consulted.
 */
export const identityLinks = pgTable(
  'identity_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('identity_links_employee').on(t.employeeId)],
);

/**
 * Sign-ins started and not yet come back from the provider: found by the hash of `state`, bound to the
 * browser by the hash of a cookie value, used once (deleted when the provider answers), valid 10 minutes.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sso_logins_expires').on(t.expiresAt)],
);

/**
 * One-time tickets that carry a finished single sign-on to the web app, which exchanges one for a session
 * token. Only the hash is stored; bound to the same browser cookie; valid 60 seconds.
 */
export const ssoTickets = pgTable(
  'sso_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    idToken: text('id_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sso_tickets_expires').on(t.expiresAt)],
);
