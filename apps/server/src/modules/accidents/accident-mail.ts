import { catalogueLabel, STATUS_INACTIVE } from '@schutzwerk/shared/accidents/catalogues.ts';
import { accidentsMessages } from '@schutzwerk/shared/errors.ts';
import type { MailPurpose } from '@schutzwerk/shared/mail/mail-template.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Executor } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import type { AccidentRecord, AccidentsRepository } from './accidents.repository.ts';
import {
  type AccidentFiledHook,
  type AccidentStatusHook,
  formatBerlinDateTime,
} from './accidents.service.ts';

const emailCheck = z.email();

type MailDeps = {
  repository: AccidentsRepository;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
};

/**
 * One mail per recipient of a report (decision 047): the injured employee's supervisors and the location's
 * escalation contacts, through the outbox, in the caller's transaction. The lines name event, time, location and
 * person (and what the caller adds) — no health data. An unusable address is left out; it never stops the change.
 */
async function mailRecipients(
  deps: MailDeps,
  ex: Executor,
  actor: Actor,
  report: AccidentRecord,
  mail: { purpose: MailPurpose; extraItems?: string; changedAt?: string },
) {
  const recipients = await deps.repository.reportRecipients(ex, {
    employeeId: report.employeeId,
    locationId: report.locationId,
  });
  if (recipients.length === 0) return;
  const system = await deps.settings.read(systemSettings, ex);
  const person =
    report.employeeId === null
      ? `${report.externalName} (${report.externalCompany})`
      : ((await deps.repository.employeeNames(ex, [report.employeeId])).get(report.employeeId) ??
        accidentsMessages.unknownPerson);
  const location = (await deps.repository.locationName(ex, report.locationId, report.portalId)) ?? '';
  const event = catalogueLabel('eventType', report.eventType);
  const by = actor.profile ? `${actor.profile.firstName} ${actor.profile.lastName}` : '';
  const base = system.applicationUrl.replace(/\/$/, '');
  const items = accidentsMessages.mailItems(event, formatBerlinDateTime(report.accidentAt), location, person);
  for (const r of recipients) {
    if (!emailCheck.safeParse(r.email).success) continue;
    const rendered = await deps.mail.render(ex, {
      purpose: mail.purpose,
      language: r.language || 'de',
      country: null,
      values: {
        firstName: r.firstName,
        lastName: r.lastName,
        topic: `${event}, ${location}`,
        items: mail.extraItems ? `${items}\n${mail.extraItems}` : items,
        changedBy: by,
        ...(mail.changedAt ? { changedAt: mail.changedAt } : {}),
        url: base ? `${base}/accidents/${report.id}` : '',
        company: system.companyName,
      },
    });
    await deps.mail.enqueue(ex, {
      to: r.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose: mail.purpose,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  }
}

/** The mail on a filed report (template „Unfallmeldung erfasst“, decision 047). */
export function accidentFiledMail(deps: MailDeps): AccidentFiledHook {
  return (ex, actor, report) => mailRecipients(deps, ex, actor, report, { purpose: 'accidentReported' });
}

/**
 * The mail on every status change (template „Unfallmeldung: Status geändert“, decision 071): the same recipients
 * as the filing mail; the old and new status with their German labels, who changed it and when, and the reason
 * when the report was set inactive.
 */
export function accidentStatusMail(deps: MailDeps): AccidentStatusHook {
  return (ex, actor, change) =>
    mailRecipients(deps, ex, actor, change.report, {
      purpose: 'accidentStatusChanged',
      extraItems: accidentsMessages.mailStatusItems(
        catalogueLabel('status', change.from),
        catalogueLabel('status', change.report.status),
        change.report.status === STATUS_INACTIVE ? change.reason : null,
      ),
      changedAt: formatBerlinDateTime(change.at),
    });
}
