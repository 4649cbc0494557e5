import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The account table as the platform's foreign keys see it: its name and key column, nothing more. The real
 * table is `employees` of the employees module; the platform knows no module (decision 029), so it names the
 * target here instead of importing it. Not exported from db/schema.ts, so drizzle-kit sees only the module's
 * table, and the constraints it generates are the same (platform.table.test.ts checks that both agree).
 */
const accountKey = pgTable('employees', {
  id: integer('id').primaryKey(),
});

/** Sessions: only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => accountKey.id, { onDelete: 'cascade' }),
    viaSso: boolean('via_sso').notNull().default(false),
    /** The provider's id_token of a single sign-on session: the id_token_hint of the provider logout. */
    ssoIdToken: text('sso_id_token'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_employee').on(t.employeeId), index('sessions_expires').on(t.expiresAt)],
);

/**
 * One row (id 1) whose `generation` is bumped, in the same transaction, by every write that changes what a
 * session's actor is made of: a session ended or shortened, an employee changed or deleted, a role membership,
 * a role's permissions, a portal. Triggers do it (migration *_auth_generation.sql, decision 038); app instances
 * compare it with the generation their cached actors were read at.
 */
export const authGeneration = pgTable('auth_generation', {
  id: smallint('id').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/** Failed sign-in counters per account ('u:<name>') and per address ('ip:<addr>'). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
});

/** Change log (audit). state: 0 deleted, 1 change, 2 created or changed, 3 import, 4 sync. */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    state: smallint('state').notNull(),
    actorId: integer('actor_id').references(() => accountKey.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
  },
  (t) => [index('change_log_entity').on(t.entity, t.entityId, t.at)],
);
