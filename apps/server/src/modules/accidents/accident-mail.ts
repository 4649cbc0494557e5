import { catalogueLabel } from '@schutzwerk/shared/accidents/catalogues.ts';
import { accidentsMessages } from '@schutzwerk/shared/errors.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { AccidentsRepository } from './accidents.repository.ts';
import { type AccidentFiledHook, formatBerlinDateTime } from './accidents.service.ts';

const emailCheck = z.email();

/**
 * The mail on a filed report (decision 047): the injured employee's supervisors and the location's escalation
 * contacts get one mail each (template „Unfallmeldung erfasst“) through the outbox, in the filing transaction.
 * It names event, time, location and person — no health data.
 */
export function accidentFiledMail(deps: {
  repository: AccidentsRepository;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
}): AccidentFiledHook {
  return async (ex, actor, report) => {
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
    for (const r of recipients) {
      // An unusable address must not stop the filing: that contact is left out.
      if (!emailCheck.safeParse(r.email).success) continue;
      const rendered = await deps.mail.render(ex, {
        purpose: 'accidentReported',
        language: r.language || 'de',
        country: null,
        values: {
          firstName: r.firstName,
          lastName: r.lastName,
          topic: `${event}, ${location}`,
          items: accidentsMessages.mailItems(
            event,
            formatBerlinDateTime(report.accidentAt),
            location,
            person,
          ),
          changedBy: by,
          url: base ? `${base}/accidents/${report.id}` : '',
          company: system.companyName,
        },
      });
      await deps.mail.enqueue(ex, {
        to: r.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        purpose: 'accidentReported',
        ...(rendered.sender ? { from: rendered.sender } : {}),
      });
    }
  };
}
