import { authMessages } from '@schutzwerk/shared/errors.ts';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { AppError } from './errors.ts';
import { loginThrottle } from './platform.table.ts';

/**
 * Password attempts are counted per account and per address in the database (so several app instances
 * share the count). An attempt is counted atomically BEFORE the password is checked, so parallel requests
 * cannot slip past the limit; a success takes its attempt back. Past the limit within the window, further
 * attempts are refused until the block ends — whether or not the password would be right, and with the same
 * answer for unknown accounts.
 */
export type ThrottleSettings = {
  windowMs: number;
  blockMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
};

export const defaultThrottleSettings: ThrottleSettings = {
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
  maxPerAccount: 10,
  maxPerAddress: 50,
};

/**
 * `device`: the id from a valid device cookie of this account (platform/device-cookies.ts). Such an attempt is
 * counted for that device alone (with the account's limit), not for the account or the address, so failures of
 * others at a shared address or against the account do not lock out a browser the account used before
 * (decision 028).
 */
export type ThrottleKeys = { account: string; address?: string; device?: string };

export function throttleKeys(username: string, ip: string, device?: string): ThrottleKeys {
  return {
    account: `u:${username.trim().toLowerCase()}`,
    address: `ip:${ip}`,
    ...(device ? { device: `dev:${device}` } : {}),
  };
}

export function createLoginThrottle(db: Db, settings: ThrottleSettings = defaultThrottleSettings) {
  const windowInterval = `${settings.windowMs} milliseconds`;
  const blockInterval = `${settings.blockMs} milliseconds`;

  /** Counts one attempt for `key`; returns the blocked-until time if the key is (now) over its limit. */
  async function count(key: string, max: number): Promise<Date | null> {
    const [row] = await queryRows<{ failures: number; blocked_until: string | Date | null }>(
      db,
      sql`insert into login_throttle as t (key, failures, window_start) values (${key}, 1, now())
          on conflict (key) do update set
            failures = case when t.window_start < now() - ${windowInterval}::interval then 1 else t.failures + 1 end,
            window_start = case when t.window_start < now() - ${windowInterval}::interval then now() else t.window_start end,
            blocked_until = case
              when t.blocked_until > now() then t.blocked_until
              when (case when t.window_start < now() - ${windowInterval}::interval then 1 else t.failures + 1 end) > ${max}
                then now() + ${blockInterval}::interval
              else null end
          returning failures, blocked_until`,
    );
    const until = row?.blocked_until ? new Date(row.blocked_until) : null;
    return until && until.getTime() > Date.now() ? until : null;
  }

  return {
    /** Counts the attempt for the account and the address; throws 429 when either is over its limit. */
    async registerAttempt(keys: ThrottleKeys): Promise<void> {
      const blocked = (
        keys.device
          ? [await count(keys.device, settings.maxPerAccount)]
          : [
              await count(keys.account, settings.maxPerAccount),
              keys.address ? await count(keys.address, settings.maxPerAddress) : null,
            ]
      )
        .filter((d): d is Date => d !== null)
        .map((d) => d.getTime());
      if (blocked.length === 0) return;
      const until = Math.max(...blocked);
      const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
      throw new AppError('TOO_MANY_REQUESTS', {
        message: authMessages.tooManyFailedSignIns(minutes),
        headers: { 'retry-after': String(Math.max(1, Math.ceil((until - Date.now()) / 1000))) },
      });
    },

    /** A successful sign-in: the account (and device) start afresh, the address gets its attempt back. */
    async recordSuccess(keys: ThrottleKeys): Promise<void> {
      await db
        .delete(loginThrottle)
        .where(inArray(loginThrottle.key, keys.device ? [keys.account, keys.device] : [keys.account]));
      if (!keys.address || keys.device) return;
      await db.execute(
        sql`update login_throttle set failures = greatest(failures - 1, 0) where key = ${keys.address} and blocked_until is null`,
      );
    },

    /** Forgets counters whose window and block are over; answers how many. */
    async purge(): Promise<number> {
      const deleted = await queryRows<{ key: string }>(
        db,
        sql`delete from login_throttle where window_start < now() - ${windowInterval}::interval
              and (blocked_until is null or blocked_until < now()) returning key`,
      );
      return deleted.length;
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
