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

/** At most this many actors are cached per instance (the oldest read goes first). */
const CACHE_MAX_ENTRIES = 10_000;
/** A cached actor is read again after this long even if the generation did not move: a safety net only. */
const CACHE_TTL_MS = 60_000;

type CachedActor = {
  actor: Actor;
  /** auth_generation when the actor was read (same statement). */
  generation: number;
  /** Date.now() of that read. */
  readAt: number;
  /** last_seen_at as this instance knows it (another instance may have moved it further). */
  lastSeen: number;
  expiresAt: number;
};

/**
 * Concurrent callers share one read, but a caller never gets a read that began before it asked: while one is
 * running, new callers wait for the next one, which starts when the running one ends. So every answer reflects
 * everything committed before its caller arrived, with one read in flight and one waiting (two may overlap for a
 * moment when a caller arrives just as one ends — harmless: each still began after its callers arrived).
 */
export function coalescedReader<T>(read: () => Promise<T>): { read(): Promise<T>; reads(): number } {
  let running: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;
  let count = 0;
  function start(): Promise<T> {
    count++;
    const promise = read().finally(() => {
      if (running === promise) running = undefined;
    });
    running = promise;
    return promise;
  }
  return {
    read() {
      if (!running) return start();
      if (!waiting) {
        waiting = running
          .then(
            () => undefined,
            () => undefined,
          )
          .then(() => {
            waiting = undefined;
            return start();
          });
      }
      return waiting;
    },
    reads: () => count,
  };
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
  options: {
    /** PGlite: the generation arrives by notification before a commit returns, no read per request. */
    listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  } = {},
) {
  let cached: { value: SessionSettings; at: number } | null = null;
  /** Resolved actors by token hash, with the auth generation they were read at (decision 038). */
  const cache = new Map<string, CachedActor>();
  const counters = { hits: 0, misses: 0 };
  const generations = coalescedReader(async () => {
    const [row] = await queryRows<{ generation: number | string; db_now: number | string }>(
      db,
      sql`select generation, extract(epoch from now()) * 1000 as db_now from auth_generation where id = 1`,
    );
    // No row (a database the migration has not reached): every request reads its actor afresh.
    return { generation: row ? Number(row.generation) : -1, dbNow: row ? Number(row.db_now) : 0 };
  });
  // PGlite: a copy of the generation kept by the triggers' notifications (synchronous there: decision 038). It
  // is used once listening has started and the row has been read after that; until then every check reads.
  let pushed: number | undefined;
  let notified = -1;
  const listening = options
    .listen?.('auth_generation', (payload) => {
      const value = Number(payload);
      if (!Number.isFinite(value)) return;
      notified = Math.max(notified, value);
      if (pushed !== undefined) pushed = Math.max(pushed, value);
    })
    .then(async (unlisten) => {
      const { generation } = await generations.read();
      if (generation >= 0) pushed = Math.max(generation, notified);
      return unlisten;
    })
    // Not listening: every check reads the row, as on PostgreSQL.
    .catch(() => undefined);
  async function currentGeneration(): Promise<{ generation: number; dbNow: number }> {
    if (pushed !== undefined) return { generation: pushed, dbNow: Date.now() };
    return generations.read();
  }
  function remember(tokenHash: string, entry: CachedActor): void {
    if (entry.generation < 0) return;
    if (cache.size >= CACHE_MAX_ENTRIES) {
      // Map keeps insertion order: the first key is the entry read longest ago.
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(tokenHash, entry);
  }
  /** last_seen_at moves forward only: the triggers of decision 038 ignore such a touch. */
  async function touch(tokenHash: string, at: number): Promise<void> {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${new Date(at).toISOString()}::timestamptz)` })
      .where(eq(sessions.tokenHash, tokenHash));
  }
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

    /**
     * The actor behind a bearer token, or null if unknown, expired (idle or absolute) or the employee is inactive.
     * A cached actor is reused only while the database's auth generation equals the one it was read at, checked
     * by a read that began after this request arrived (decision 038): so a change committed anywhere before the
     * request — on this instance or another — is always seen.
     */
    async resolve(token: string): Promise<Actor | null> {
      if (token.length < 16 || token.length > 200) return null;
      const settings = await current();
      const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, settings.idleMs / 2);
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) {
        const { generation, dbNow } = await currentGeneration();
        const now = Date.now();
        if (
          cached.generation === generation &&
          now - cached.readAt < CACHE_TTL_MS &&
          cached.expiresAt > dbNow &&
          cached.lastSeen > now - settings.idleMs
        ) {
          counters.hits++;
          if (now - cached.lastSeen > touchIntervalMs) {
            cached.lastSeen = now;
            await touch(tokenHash, now);
          }
          return cached.actor;
        }
        // Changed, or idle by what this instance knows (another instance may have seen the session since).
        cache.delete(tokenHash);
      }
      counters.misses++;
      const idleCutoff = new Date(Date.now() - settings.idleMs);
      const rows = await queryRows<{
        employee_id: number;
        portal_id: number;
        portal_name: string;
        is_main: boolean;
        via_sso: boolean;
        must_change_password: boolean;
        last_seen_at: string | Date;
        expires_at: string | Date;
        personnel_number: string;
        last_name: string;
        first_name: string;
        login_name: string | null;
        email: string | null;
        permissions: number[] | string | null;
        generation: number | string;
      }>(
        db,
        sql`
        select s.employee_id, e.portal_id, p.name as portal_name, p.is_main, s.via_sso,
               e.must_change_password, s.last_seen_at, s.expires_at,
               e.personnel_number, e.last_name, e.first_name, e.login_name, e.email,
               array(select distinct rp.permission_id
                       from employee_roles er join role_permissions rp on rp.role_id = er.role_id
                      where er.employee_id = e.id) as permissions,
               (select g.generation from auth_generation g where g.id = 1) as generation
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
      let lastSeen = new Date(row.last_seen_at).getTime();
      if (Date.now() - lastSeen > touchIntervalMs) {
        lastSeen = Date.now();
        await touch(tokenHash, lastSeen);
      }
      const actor: Actor = {
        employeeId: row.employee_id,
        portalId: row.portal_id,
        portalName: row.portal_name,
        isMainPortal: row.is_main,
        permissions: new Set(parseIntArray(row.permissions)),
        viaSso: row.via_sso,
        sessionHash: tokenHash,
        mustChangePassword: row.must_change_password && !row.via_sso,
        profile: {
          personnelNumber: row.personnel_number,
          lastName: row.last_name,
          firstName: row.first_name,
          loginName: row.login_name,
          email: row.email,
        },
      };
      // Read in one statement with the data, the generation names exactly the state the actor reflects.
      remember(tokenHash, {
        actor,
        generation: Number(row.generation),
        readAt: Date.now(),
        lastSeen,
        expiresAt: new Date(row.expires_at).getTime(),
      });
      return actor;
    },

    /** Stops listening for the generation (PGlite) and forgets the cached actors. */
    async close(): Promise<void> {
      cache.clear();
      const unlisten = await listening;
      await unlisten?.();
    },

    /** How often a request reused a cached actor and how often it read one (tests, decision 038). */
    stats(): { hits: number; misses: number; generationReads: number } {
      return { ...counters, generationReads: generations.reads() };
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
