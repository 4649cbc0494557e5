import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import type { Actor } from './access.ts';
import { sessions } from './platform.table.ts';

export type SessionSettings = { idleMs: number; absoluteMs: number };

/** How often last_seen_at is written: enough for idle expiry, without a write per request. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long the lifetimes read from the security settings are reused before they are read again. */
const LIFETIME_CACHE_MS = 5_000;

/**
 * `defaults` are the environment's lifetimes; `lifetimes` (optional) reads the configured ones (the
 * security settings), cached for a few seconds so a request costs no extra query.
 */
export function createSessionStore(
  db: Db,
  defaults: SessionSettings,
  lifetimes?: (ex: Executor) => Promise<Partial<SessionSettings>>,
) {
  let cached: { value: SessionSettings; at: number } | null = null;
  async function current(ex: Executor = db): Promise<SessionSettings> {
    if (!lifetimes) return defaults;
    if (cached && Date.now() - cached.at < LIFETIME_CACHE_MS) return cached.value;
    let value = defaults;
    try {
      value = { ...defaults, ...(await lifetimes(ex)) };
    } catch {
      // Settings unreadable (e.g. during start-up): the environment's values apply.
    }
    cached = { value, at: Date.now() };
    return value;
  }
  return {
    /** Forget the cached lifetimes (after the security settings changed). */
    invalidateLifetimes(): void {
      cached = null;
    },

    /** A new token per login: 256 random bits; only its hash is stored. */
    async create(
      ex: Executor,
      employeeId: number,
      meta: { ip?: string; userAgent?: string; viaSso?: boolean; ssoIdToken?: string },
    ): Promise<string> {
      const settings = await current(ex);
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await ex.insert(sessions).values({
        tokenHash: hashToken(token),
        employeeId,
        viaSso: meta.viaSso ?? false,
        ssoIdToken: meta.ssoIdToken ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + settings.absoluteMs),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },

    /** The actor behind a bearer token, or null if unknown, expired (idle or absolute) or the employee is inactive. */
    async resolve(token: string): Promise<Actor | null> {
      if (token.length < 16 || token.length > 200) return null;
      const settings = await current();
      const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, settings.idleMs / 2);
      const tokenHash = hashToken(token);
      const idleCutoff = new Date(Date.now() - settings.idleMs);
      const rows = await queryRows<{
        employee_id: number;
        portal_id: number;
        portal_name: string;
        is_main: boolean;
        via_sso: boolean;
        must_change_password: boolean;
        last_seen_at: string | Date;
        permissions: number[] | string | null;
      }>(
        db,
        sql`
        select s.employee_id, e.portal_id, p.name as portal_name, p.is_main, s.via_sso,
               e.must_change_password, s.last_seen_at,
               array(select distinct rp.permission_id
                       from employee_roles er join role_permissions rp on rp.role_id = er.role_id
                      where er.employee_id = e.id) as permissions
          from sessions s
          join employees e on e.id = s.employee_id
          join portals p on p.id = e.portal_id
         where s.token_hash = ${tokenHash}
           and s.expires_at > now()
           and s.last_seen_at > ${idleCutoff.toISOString()}::timestamptz
           and e.active`,
      );
      const row = rows[0];
      if (!row) return null;
      const lastSeen = new Date(row.last_seen_at);
      if (Date.now() - lastSeen.getTime() > touchIntervalMs) {
        await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
      }
      return {
        employeeId: row.employee_id,
        portalId: row.portal_id,
        portalName: row.portal_name,
        isMainPortal: row.is_main,
        permissions: new Set(parseIntArray(row.permissions)),
        viaSso: row.via_sso,
        sessionHash: tokenHash,
        mustChangePassword: row.must_change_password && !row.via_sso,
      };
    },

    /** The provider's id_token kept with a single sign-on session (for the provider logout). */
    async ssoIdTokenOf(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .select({ idToken: sessions.ssoIdToken })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash));
      return row?.idToken ?? null;
    },

    async end(ex: Executor, tokenHash: string): Promise<void> {
      await ex.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Ends every session of an employee (e.g. set inactive), optionally keeping one. */
    async endAllOf(ex: Executor, employeeId: number, exceptHash?: string): Promise<void> {
      await ex
        .delete(sessions)
        .where(
          exceptHash
            ? and(eq(sessions.employeeId, employeeId), ne(sessions.tokenHash, exceptHash))
            : eq(sessions.employeeId, employeeId),
        );
    },

    /** Deletes sessions past their absolute or idle expiry; answers how many. */
    async purgeExpired(ex: Executor): Promise<number> {
      const settings = await current(ex);
      const idleCutoff = new Date(Date.now() - settings.idleMs);
      const deleted = await ex
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** PGlite returns int[] as an array; some drivers return the text form '{1,2}'. */
function parseIntArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}
