import { questionnaireSharingMessages as M } from '@schutzwerk/shared/errors.ts';
import type { MailPurpose } from '@schutzwerk/shared/mail/mail-template.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { type enqueueMail, mailDateTime, type renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import type { QuestionnaireLinksRepository } from './questionnaire-links.repository.ts';

const emailCheck = z.email();

type LinkMailPurpose = Extract<MailPurpose, 'collectionSent' | 'collectionRejected' | 'collectionDone'>;

/** Sends the mail of a collection link step in the caller's transaction (decision 070). */
export type CollectionLinkMailer = (
  ex: Executor,
  actor: Actor,
  purpose: LinkMailPurpose,
  linkId: number,
) => Promise<void>;

/**
 * Mails of collection links (decision 070) through the outbox and the template catalogue: a sent link mails
 * its recipient (template „Sammlung zum Ausfüllen“, the link leads to the questionnaire viewer), a rejected or
 * done link mails the person who sent it. Nobody is mailed about their own step; a person without a usable
 * address gets no mail, and the step itself goes through.
 */
export function collectionLinkMail(deps: {
  links: Pick<QuestionnaireLinksRepository, 'find' | 'present' | 'contact'>;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  now?: () => Date;
}): CollectionLinkMailer {
  const now = deps.now ?? (() => new Date());
  return async (ex, actor, purpose, linkId) => {
    const record = await deps.links.find(ex, linkId);
    const link = await deps.links.present(ex, linkId);
    if (!record || !link) return;
    const toRecipient = purpose === 'collectionSent';
    const to = toRecipient ? record.recipientId : record.sentBy;
    // Nobody is mailed about their own step (a segment sent to oneself).
    if (to === null || to === actor.employeeId) return;
    const contact = await deps.links.contact(ex, to);
    // An unusable address must not stop the step: that person is left out.
    if (!contact?.email || !emailCheck.safeParse(contact.email).success) return;
    const system = await deps.settings.read(systemSettings, ex);
    const base = system.applicationUrl.replace(/\/$/, '');
    const segment = `${link.segment} ${link.segmentLabel}`.trim();
    const items = [
      M.mailItems(link.questionnaireTitle, segment, link.sentByName),
      ...(toRecipient ? [] : [M.mailRecipient(link.recipientName)]),
    ].join('\n');
    const rendered = await deps.mail.render(ex, {
      purpose,
      language: contact.language || 'de',
      country: null,
      values: {
        firstName: contact.firstName,
        lastName: contact.lastName,
        topic: `${link.questionnaireTitle} – ${segment}`,
        items,
        reason: record.reason,
        changedBy: actor.profile ? `${actor.profile.firstName} ${actor.profile.lastName}` : '',
        changedAt: mailDateTime(now()),
        url: base ? `${base}/checklists/tree/${toRecipient ? 'edit' : 'read'}/${link.questionnaireId}` : '',
        company: system.companyName,
      },
    });
    await deps.mail.enqueue(ex, {
      to: contact.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose,
      relatedEmployeeId: to,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  };
}
