import type { TaskKind } from '@schutzwerk/shared/actions/actions.schema.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { renderTemplateMail } from '#modules/mail/mail-templates.ts';
import { enqueueMail } from '#modules/mail/outbox.ts';
import type { JobDefinition } from '#modules/scheduler/job.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import { AppError } from '#platform/errors.ts';
import { tasks } from './actions.table.ts';

/**
 * The public task functions other modules call inside their own transaction (decision 020). They write no
 * change-log row of their own: the calling module logs its change (e.g. "hazard assessment inactivated").
 */

export type NewTask = {
  portalId: number;
  kind: TaskKind;
  sourceType: string;
  sourceId: number;
  /** Only for kind 'action' (the action module keeps these itself). */
  actionId?: number | null;
  assigneeId: number;
  responsibleId?: number | null;
  title: string;
  /** Web path the task opens ('/hazardanalysis/7'). */
  linkPath?: string | null;
  /** yyyy-mm-dd */
  dueDate?: string | null;
};

/** Creates an open task; answers its id. */
export async function createTask(ex: Executor, task: NewTask): Promise<number> {
  const [row] = await ex
    .insert(tasks)
    .values({
      portalId: task.portalId,
      kind: task.kind,
      sourceType: task.sourceType,
      sourceId: task.sourceId,
      actionId: task.actionId ?? null,
      assigneeId: task.assigneeId,
      responsibleId: task.responsibleId ?? null,
      title: task.title,
      linkPath: task.linkPath ?? null,
      dueDate: task.dueDate ?? null,
      state: 'open',
    })
    .returning({ id: tasks.id });
  return row!.id;
}

export type TaskSelector = {
  sourceType: string;
  sourceId: number;
  kinds?: readonly TaskKind[];
  /** Only the tasks opening this path (e.g. one document's task among an assessment's document tasks). */
  linkPath?: string;
};

function selectorWhere(selector: TaskSelector) {
  return and(
    eq(tasks.sourceType, selector.sourceType),
    eq(tasks.sourceId, selector.sourceId),
    ne(tasks.state, 'done'),
    selector.kinds && selector.kinds.length > 0 ? inArray(tasks.kind, [...selector.kinds]) : undefined,
    selector.linkPath === undefined ? undefined : eq(tasks.linkPath, selector.linkPath),
  );
}

/** The not-done (open or problem) tasks of a source, e.g. to keep derived tasks in sync without churn. */
export async function openTasks(ex: Executor, selector: TaskSelector) {
  return ex
    .select({
      id: tasks.id,
      kind: tasks.kind,
      assigneeId: tasks.assigneeId,
      title: tasks.title,
      linkPath: tasks.linkPath,
      dueDate: tasks.dueDate,
    })
    .from(tasks)
    .where(selectorWhere(selector));
}

/** Deletes the not-done (open or problem) tasks of a source, optionally only of some kinds; answers the count. */
export async function deleteOpenTasks(ex: Executor, selector: TaskSelector): Promise<number> {
  const rows = await ex.delete(tasks).where(selectorWhere(selector)).returning({ id: tasks.id });
  return rows.length;
}

/**
 * Marks the not-done tasks of a source done with a comment (e.g. "Gefährdungsbeurteilung inaktiviert"),
 * optionally only some kinds; answers the count. The actions themselves are not changed.
 */
export async function completeOpenTasks(
  ex: Executor,
  selector: TaskSelector & { comment: string; actorId?: number | null },
): Promise<number> {
  const rows = await ex
    .update(tasks)
    .set({
      state: 'done',
      doneAt: new Date(),
      doneBy: selector.actorId ?? null,
      comment: selector.comment,
      version: sql`${tasks.version} + 1`,
      updatedAt: new Date(),
    })
    .where(selectorWhere(selector))
    .returning({ id: tasks.id });
  return rows.length;
}

// ── reminders ─────────────────────────────────────────────────────────────────────────────────────

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
};

type DueTask = {
  id: number;
  title: string;
  due_date: string;
  source_type: string;
  link_path: string | null;
  assignee_id: number;
  email: string | null;
  first_name: string;
  last_name: string;
  language: string | null;
  country: string | null;
};

/**
 * Mails every open task that is due today or overdue to its assignee, at most once per task and day
 * (`last_reminded_on` is set in the same statement that claims the task, so two runs or two processes
 * never mail twice). Assignees without a valid address are counted and skipped.
 */
export async function sendTaskReminders(
  db: Db,
  now: Date,
  settings: Pick<SettingsService, 'read'>,
): Promise<{ mailed: number; skipped: number }> {
  const today = berlinToday(now);
  return db.transaction(async (tx) => {
    const claimed = await queryRows<DueTask>(
      tx,
      sql`update tasks t set last_reminded_on = ${today}
          from employees e
          where e.id = t.assignee_id and t.state = 'open' and t.due_date <= ${today}
            and (t.last_reminded_on is null or t.last_reminded_on < ${today})
          returning t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.source_type, t.link_path,
                    t.assignee_id, e.email, e.first_name, e.last_name, e.language, e.country`,
    );
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
      let mail: { subject: string; text: string; html?: string; from?: string };
      try {
        const rendered = await renderTemplateMail(tx, {
          purpose: 'taskReminder',
          language: task.language || 'de',
          country: task.country,
          values,
        });
        mail = {
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          ...(rendered.sender ? { from: rendered.sender } : {}),
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'MAIL_TEMPLATE_NOT_FOUND') throw error;
        const fill = (s: string) =>
          s.replace(/\{(\w+)\}/g, (whole, key: string) => values[key as keyof typeof values] ?? whole);
        mail = { subject: fill(TASK_REMINDER_FALLBACK.subject), text: fill(TASK_REMINDER_FALLBACK.text) };
      }
      await enqueueMail(tx, { to, ...mail, purpose: 'taskReminder', relatedEmployeeId: task.assignee_id });
      mailed += 1;
    }
    return { mailed, skipped };
  });
}

/** The scheduled job 'Erinnerungen an fällige Aufgaben senden' (daily 06:30 Berlin time; at most one mail per task and day). */
export function taskReminderJob(settings: Pick<SettingsService, 'read'>): JobDefinition {
  return {
    key: 'task-reminders',
    name: 'Erinnerungen an fällige Aufgaben senden',
    description:
      'Schickt den zuständigen Personen eine E-Mail zu offenen Aufgaben, die heute fällig oder überfällig sind (höchstens eine pro Aufgabe und Tag).',
    defaultSchedule: { kind: 'cron', cron: '30 6 * * *' },
    async run(ctx) {
      const { mailed, skipped } = await sendTaskReminders(ctx.db, ctx.now, settings);
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
}
