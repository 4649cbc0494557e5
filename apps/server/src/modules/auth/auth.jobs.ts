import type { JobDefinition } from '#modules/scheduler/index.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import type { SessionStore } from '#platform/sessions.ts';

/** Scheduled clean-up of sign-in data: expired sessions and login-throttle counters that are over. */
export function sessionCleanupJob(deps: { sessions: SessionStore; throttle: LoginThrottle }): JobDefinition {
  return {
    key: 'session-cleanup',
    name: 'Sitzungen bereinigen',
    description: 'Löscht abgelaufene Anmeldesitzungen und erledigte Zähler fehlgeschlagener Anmeldeversuche.',
    defaultSchedule: { kind: 'cron', cron: '*/15 * * * *' },
    timeoutSeconds: 120,
    async run(ctx) {
      const sessions = await deps.sessions.purgeExpired(ctx.db);
      ctx.log(`${sessions} abgelaufene ${sessions === 1 ? 'Sitzung' : 'Sitzungen'} gelöscht.`);
      const counters = await deps.throttle.purge();
      ctx.log(`${counters} erledigte Anmeldezähler gelöscht.`);
      return {
        summary: `${sessions} ${sessions === 1 ? 'Sitzung' : 'Sitzungen'} und ${counters} Anmeldezähler gelöscht.`,
      };
    },
  };
}
