import { auditsMessages } from '@schutzwerk/shared/errors.ts';
import type { MailPurpose } from '@schutzwerk/shared/mail/mail-template.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { type enqueueMail, mailDateTime, type renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import type { AuditRecord, AuditsRepository } from './audits.repository.ts';

const emailCheck = z.email();

export type AuditMail = ReturnType<typeof createAuditMail>;

const germanDay = (day: string | null) => (day ? day.split('-').reverse().join('.') : '');

/**
 * The mails of approval processes (decision 059), through the outbox in the caller's transaction: people
 * added to an audit get „auditAssigned“, everyone gets „auditFinished“ when it is done. Employees without a
 * usable address are left out.
 */
export function createAuditMail(deps: {
  repository: AuditsRepository;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  async function send(
    ex: Executor,
    purpose: MailPurpose,
    actor: Actor,
    audit: AuditRecord,
    employeeIds: number[],
  ): Promise<void> {
    const contacts = await deps.repository.contacts(ex, employeeIds);
    if (contacts.length === 0) return;
    const system = await deps.settings.read(systemSettings, ex);
    const people = await deps.repository.people(ex, audit.id);
    const base = system.applicationUrl.replace(/\/$/, '');
    const by = actor.profile ? `${actor.profile.firstName} ${actor.profile.lastName}` : '';
    const status = auditsMessages.statusLabels[audit.status] ?? audit.status;
    for (const c of contacts) {
      if (!c.email || !emailCheck.safeParse(c.email).success) continue;
      const roles = [
        audit.responsibleId === c.id ? 'responsible' : null,
        audit.executorId === c.id ? 'executor' : null,
        ...people.filter((p) => p.employeeId === c.id).map((p) => p.role),
      ]
        .filter((r): r is string => r !== null)
        .map((r) => auditsMessages.roleLabels[r] ?? r)
        .join(', ');
      const rendered = await deps.mail.render(ex, {
        purpose,
        language: c.language || 'de',
        country: null,
        values: {
          firstName: c.firstName,
          lastName: c.lastName,
          topic: audit.title,
          items: auditsMessages.mailItems(audit.title, status, roles, germanDay(audit.plannedOn)),
          changedBy: by,
          changedAt: mailDateTime(now()),
          url: base ? `${base}/audits/${audit.id}` : '',
          company: system.companyName,
        },
      });
      await deps.mail.enqueue(ex, {
        to: c.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        purpose,
        ...(rendered.sender ? { from: rendered.sender } : {}),
      });
    }
  }
  return {
    assigned: (ex: Executor, actor: Actor, audit: AuditRecord, ids: number[]) =>
      send(ex, 'auditAssigned', actor, audit, ids),
    finished: (ex: Executor, actor: Actor, audit: AuditRecord, ids: number[]) =>
      send(ex, 'auditFinished', actor, audit, ids),
  };
}
