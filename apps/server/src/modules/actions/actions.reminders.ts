import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import { AppError } from '#platform/errors.ts';
import type { ActionsDeps } from './actions.deps.ts';

const emailCheck = z.email();
const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (yyyy-mm-dd) in Germany at `now`. */
export function berlinToday(now: Date): string {
  return berlinDay.format(now);
}

export function germanDate(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y?.slice(2)}`;
}

export const TASK_REMINDER_FALLBACK = {
  subject: 'Erinnerung: {topic}',
  text: 'Guten Tag {firstName} {lastName},\n\nwir erinnern Sie an die Aufgabe „{topic}“, fällig am {dueDate}.\n\nZur Aufgabe: {url}',
};

const MODULE_LABELS: Record<string, string> = {
  general: 'Maßnahmen',
  hazard: 'Gefährdungsbeurteilung',
  hazardanalysis: 'Gefährdungsbeurteilung',
  hazard_analysis: 'Gefährdungsbeurteilung',
  substitution: 'Substitutionsprüfung',
  substance_sds: 'Gefahrstoffe',
};

/** Reminders of due tasks (decision 020): the mail run and the scheduler job that starts it daily. */
export function createTaskReminders({
  repository,
  settings,
  mail,
}: Pick<ActionsDeps, 'repository' | 'settings' | 'mail'>) {
  /**
   * Mails every open task that is due today or overdue to its assignee, at most once per task and day
   * (the task is claimed for the day in the statement that reads it, so two runs or two processes never
   * mail twice). Assignees without a valid address are counted and skipped.
   */
  async function send(db: Db, now: Date): Promise<{ mailed: number; skipped: number }> {
    const today = berlinToday(now);
    return db.transaction(async (tx) => {
      const claimed = await repository.claimDueReminders(tx, today);
      if (claimed.length === 0) return { mailed: 0, skipped: 0 };
      const system = await settings.read(systemSettings, tx);
      let mailed = 0;
      let skipped = 0;
      for (const task of claimed) {
        const to = task.email?.trim() ?? '';
        if (!emailCheck.safeParse(to).success) {
          skipped += 1;
          continue;
        }
        const values = {
          firstName: task.first_name,
          lastName: task.last_name,
          topic: task.title,
          module: MODULE_LABELS[task.source_type] ?? 'Aufgaben',
          dueDate: germanDate(task.due_date),
          url: `${system.applicationUrl.replace(/\/$/, '')}${task.link_path ?? '/tasks'}`,
          company: system.companyName,
        };
        let message: { subject: string; text: string; html?: string; from?: string };
        try {
          const rendered = await mail.render(tx, {
            purpose: 'taskReminder',
            language: task.language || 'de',
            country: task.country,
            values,
          });
          message = {
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            ...(rendered.sender ? { from: rendered.sender } : {}),
          };
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'MAIL_TEMPLATE_NOT_FOUND') throw error;
          const fill = (s: string) =>
            s.replace(/\{(\w+)\}/g, (whole, key: string) => values[key as keyof typeof values] ?? whole);
          message = {
            subject: fill(TASK_REMINDER_FALLBACK.subject),
            text: fill(TASK_REMINDER_FALLBACK.text),
          };
        }
        await mail.enqueue(tx, {
          to,
          ...message,
          purpose: 'taskReminder',
          relatedEmployeeId: task.assignee_id,
        });
        mailed += 1;
      }
      return { mailed, skipped };
    });
  }

  /** The scheduled job 'Erinnerungen an fällige Aufgaben senden' (daily 06:30 Berlin time; at most one mail per task and day). */
  const job: JobDefinition = {
    key: 'task-reminders',
    name: 'Erinnerungen an fällige Aufgaben senden',
    description:
      'Schickt den zuständigen Personen eine E-Mail zu offenen Aufgaben, die heute fällig oder überfällig sind (höchstens eine pro Aufgabe und Tag).',
    defaultSchedule: { kind: 'cron', cron: '30 6 * * *' },
    async run(ctx) {
      const { mailed, skipped } = await send(ctx.db, ctx.now);
      ctx.log(
        `${mailed} Erinnerung(en) in den Postausgang gestellt, ${skipped} ohne gültige E-Mail-Adresse.`,
      );
      return {
        summary:
          skipped > 0
            ? `${mailed} Erinnerung(en) verschickt, ${skipped} ohne gültige E-Mail-Adresse übersprungen.`
            : `${mailed} Erinnerung(en) verschickt.`,
      };
    },
  };

  return { send, job };
}
