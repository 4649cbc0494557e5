import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { AppError } from './errors.ts';
import { loginThrottle } from './platform.table.ts';

/**
 * Failed sign-ins are counted per account and per address in the database (so several app instances
 * share the count). Past the limit within the window, further attempts are refused until the block ends,
 * whether or not the password would be right, and the answer is the same for unknown accounts.
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

export function throttleKeys(username: string, ip: string) {
  return { account: `u:${username.trim().toLowerCase()}`, address: `ip:${ip}` };
}

export function createLoginThrottle(db: Db, settings: ThrottleSettings = defaultThrottleSettings) {
  return {
    async assertAllowed(keys: { account: string; address: string }): Promise<void> {
      const rows = await db
        .select({ blockedUntil: loginThrottle.blockedUntil })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [keys.account, keys.address]));
      const now = Date.now();
      const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
      if (until > now) {
        const minutes = Math.ceil((until - now) / 60_000);
        throw new AppError('TOO_MANY_REQUESTS', {
          message: `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} und versuchen Sie es dann erneut.`,
          headers: { 'retry-after': String(Math.ceil((until - now) / 1000)) },
        });
      }
    },

    async recordFailure(keys: { account: string; address: string }): Promise<void> {
      const windowStart = new Date(Date.now() - settings.windowMs);
      for (const [key, max] of [
        [keys.account, settings.maxPerAccount],
        [keys.address, settings.maxPerAddress],
      ] as const) {
        await db
          .insert(loginThrottle)
          .values({ key, failures: 1, windowStart: new Date() })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: sql`case when ${loginThrottle.windowStart} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
              windowStart: sql`case when ${loginThrottle.windowStart} < ${windowStart.toISOString()}::timestamptz then now() else ${loginThrottle.windowStart} end`,
            },
          });
        await db.execute(
          sql`update login_throttle set blocked_until = now() + ${`${settings.blockMs} milliseconds`}::interval,
                     failures = 0, window_start = now()
               where key = ${key} and failures >= ${max}`,
        );
      }
    },

    async recordSuccess(keys: { account: string }): Promise<void> {
      await db.delete(loginThrottle).where(inArray(loginThrottle.key, [keys.account]));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
