import { mailMessages } from '@schutzwerk/shared/errors.ts';
import type { MailOutboxEntry, MailOutboxState } from '@schutzwerk/shared/mail/mail.schema.ts';
import { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import { AppError } from '#platform/errors.ts';
import { mailRepository } from './mail.repository.ts';
import type { MailAttachment } from './mail.table.ts';
import { credentialsFor, deliver, outcomeMessage, type SmtpSettings } from './transport.ts';

/** Minutes to wait after the 1st, 2nd, … failed attempt; the last value repeats. */
export const MAIL_RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;
/** After this many failed attempts a mail is marked failed (about two days of trying). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail stays 'sending' before another processor may take it (crash safety). */
export const MAIL_CLAIM_MINUTES = 5;
/** Mails one run sends at most. */
export const MAIL_BATCH_SIZE = 50;

const emailCheck = z.email();

/**
 * Puts a mail into the outbox; call it inside the caller's transaction so the mail exists exactly when
 * the change that caused it is committed. Answers the outbox id. The mail is sent by processOutbox
 * (scheduler job 'mail-outbox'), retried while the mail server is away.
 */
export async function enqueueMail(
  ex: Executor,
  mail: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    purpose: string;
    relatedEmployeeId?: number;
    /** Sender address (a template's sender); the mail settings' sender otherwise. */
    from?: string;
    /** Files sent with the mail (text content, e.g. an iCalendar file). */
    attachments?: MailAttachment[];
  },
): Promise<number> {
  const to = mail.to.trim();
  if (!emailCheck.safeParse(to).success)
    throw new AppError('MAIL_INVALID_RECIPIENT', {
      message: mailMessages.invalidRecipient(to),
    });
  return mailRepository.insertOutbox(ex, {
    toAddress: to,
    fromAddress: mail.from?.trim() || null,
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    purpose: mail.purpose,
    relatedEmployeeId: mail.relatedEmployeeId ?? null,
    attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null,
  });
}

export function retryDelayMinutes(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), MAIL_RETRY_DELAYS_MINUTES.length) - 1;
  return MAIL_RETRY_DELAYS_MINUTES[index]!;
}

export type OutboxRunResult = { sent: number; retrying: number; failed: number; skipped?: string };

/**
 * Sends the due mails: claims a batch (FOR UPDATE SKIP LOCKED, state 'sending' with a lease) so
 * concurrent processors — two app instances — never take the same mail, sends each over SMTP, then
 * marks it sent, or queued with the next attempt time, or failed after MAIL_MAX_ATTEMPTS (or at once
 * when the server refused it for good). Without a configured mail server nothing is claimed.
 */
export async function processOutbox(deps: {
  db: Db;
  readSettings: () => Promise<SmtpSettings>;
  now?: Date;
  limit?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}): Promise<OutboxRunResult> {
  const now = deps.now ?? new Date();
  const settings = await deps.readSettings();
  // A configuration problem found before connecting (no server, no usable password — e.g. one entered
  // for another server) keeps the mails queued without counting attempts: nothing would get through.
  const credentials = credentialsFor(settings);
  if (!credentials.ok) {
    const skipped =
      credentials.failure.outcome === 'notConfigured'
        ? 'Kein Mailserver eingerichtet'
        : outcomeMessage(credentials.failure.outcome);
    return { sent: 0, retrying: 0, failed: 0, skipped };
  }
  const claimedUntil = new Date(now.getTime() + MAIL_CLAIM_MINUTES * 60_000);
  const claimed = await mailRepository.claimDue(deps.db, now, claimedUntil, deps.limit ?? MAIL_BATCH_SIZE);
  const result: OutboxRunResult = { sent: 0, retrying: 0, failed: 0 };
  for (const mail of claimed.sort((a, b) => a.id - b.id)) {
    if (deps.signal?.aborted) {
      // Hand the rest back untouched (the attempt was not made).
      await mailRepository.releaseClaim(deps.db, mail.id);
      continue;
    }
    const outcome = await deliver(settings, {
      to: mail.to_address,
      from: mail.from_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      attachments: mail.attachments,
    });
    if (outcome.ok) {
      await mailRepository.markSent(deps.db, mail.id, new Date());
      result.sent += 1;
      deps.log?.(`E-Mail ${mail.id} an ${mail.to_address} versendet.`);
      continue;
    }
    const lastError = (
      outcome.response
        ? `${outcomeMessage(outcome.outcome)} ${outcome.response}`
        : outcomeMessage(outcome.outcome)
    ).slice(0, 2000);
    if (outcome.permanent || mail.attempts >= MAIL_MAX_ATTEMPTS) {
      await mailRepository.markFailed(deps.db, mail.id, lastError);
      result.failed += 1;
      deps.log?.(`E-Mail ${mail.id} an ${mail.to_address} endgültig fehlgeschlagen: ${lastError}`);
    } else {
      const next = new Date(now.getTime() + retryDelayMinutes(mail.attempts) * 60_000);
      await mailRepository.reschedule(deps.db, mail.id, next, lastError);
      result.retrying += 1;
      deps.log?.(
        `E-Mail ${mail.id} an ${mail.to_address} nicht versendet, neuer Versuch ${next.toISOString()}: ${lastError}`,
      );
    }
  }
  return result;
}

/** The scheduler job that runs processOutbox every minute. Built by the mail module (it reads the settings). */
export function createMailOutboxJob(readSettings: () => Promise<SmtpSettings>): JobDefinition {
  return {
    key: 'mail-outbox',
    name: 'E-Mail-Postausgang senden',
    description:
      'Versendet die E-Mails im Postausgang. Nicht zugestellte E-Mails werden später erneut versucht (nach 1, 5, 15 und 60 Minuten, dann seltener) und nach 8 Versuchen als fehlgeschlagen markiert.',
    defaultSchedule: { kind: 'interval', seconds: 60 },
    timeoutSeconds: 600,
    async run(ctx) {
      const r = await processOutbox({
        db: ctx.db,
        readSettings,
        now: ctx.now,
        log: ctx.log,
        signal: ctx.signal,
      });
      if (r.skipped) return { summary: `${r.skipped}; die E-Mails bleiben im Postausgang.` };
      return { summary: `${r.sent} versendet, ${r.retrying} später erneut, ${r.failed} fehlgeschlagen.` };
    },
  };
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** The most recent outbox entries for the administrator's page (bodies left out). */
export async function listOutbox(
  ex: Executor,
  filter: { state?: MailOutboxState },
  limit = 200,
): Promise<MailOutboxEntry[]> {
  const rows = await mailRepository.listOutbox(ex, filter, limit);
  return rows.map((r) => ({
    ...r,
    state: r.state as MailOutboxState,
    nextAttemptAt: iso(r.nextAttemptAt),
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  }));
}

/** Queues a failed mail again with a fresh set of attempts. */
export async function requeueFailed(ex: Executor, id: number): Promise<void> {
  if (await mailRepository.requeueFailed(ex, id)) return;
  const exists = await mailRepository.outboxEntryExists(ex, id);
  throw new AppError(exists ? 'MAIL_OUTBOX_NOT_FAILED' : 'NOT_FOUND');
}
