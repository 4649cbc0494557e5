import type { MailPurpose } from '@schutzwerk/shared/mail/mail-template.ts';
import type { Executor } from '#db/client.ts';
import { mailRepository } from './mail.repository.ts';

/** The German default templates every installation starts with (base data, written once per purpose). */
export const DEFAULT_MAIL_TEMPLATES: readonly { purpose: MailPurpose; subject: string; body: string }[] = [
  {
    purpose: 'lostPassword',
    subject: 'Ihr neues Passwort für Schutzwerk',
    body: `Guten Tag {{firstName}} {{lastName}},

für Ihren Zugang zu Schutzwerk wurde ein neues Passwort angefordert.

Benutzername: {{username}}
Neues Passwort: {{password}}

Das Passwort ist gültig bis {{validUntil}}. Bitte melden Sie sich bis dahin an und ändern Sie es:
{{url}}

Falls Sie kein neues Passwort angefordert haben, wenden Sie sich bitte an Ihre Administration.

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'testMail',
    subject: 'Testmail von Schutzwerk',
    body: `Guten Tag,

dies ist eine Testmail von Schutzwerk. Wenn Sie diese Nachricht lesen, sind die Mail-Einstellungen richtig.

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'taskReminder',
    subject: 'Erinnerung: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

wir erinnern Sie an die Aufgabe „{{topic}}“ im Modul {{module}}, fällig am {{dueDate}}.

Zur Aufgabe: {{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'instructionInvitation',
    subject: 'Ihre Unterweisungen: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

bitte nehmen Sie an diesen Unterweisungen in Schutzwerk teil:

{{items}}

Zu Ihren Unterweisungen: {{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'actionProblem',
    subject: 'Problem gemeldet: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

{{contactPerson}} hat zur Aufgabe „{{topic}}“ ein Problem gemeldet:

{{reason}}

Die Aufgabe liegt jetzt bei Ihnen als verantwortlicher Person. Bitte kümmern Sie sich um das Problem und
kennzeichnen Sie es anschließend unter „Meine Aufgaben“ als gelöst:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'emailChanged',
    subject: 'Ihre E-Mail-Adresse bei Schutzwerk wurde geändert',
    body: `Guten Tag {{firstName}} {{lastName}},

die E-Mail-Adresse Ihres Zugangs zu Schutzwerk wurde am {{changedAt}} von {{changedBy}} geändert.
Neue Adresse: {{maskedEmail}}

Nachrichten von Schutzwerk, auch ein neues Passwort über „Passwort vergessen?“, gehen ab jetzt an die neue
Adresse; an diese Adresse schreiben wir nicht mehr.

Falls Sie diese Änderung nicht veranlasst haben oder nicht erwartet haben, wenden Sie sich bitte umgehend an
Ihre Administration.

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'instructionFeedback',
    subject: 'Rückmeldung zur Unterweisung: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

{{contactPerson}} hat zur Unterweisung „{{topic}}“ eine Rückmeldung gegeben:

{{reason}}

Die Unterweisungen finden Sie in Schutzwerk:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'instructionOverdue',
    subject: 'Überfällige Unterweisungen Ihrer Mitarbeitenden',
    body: `Guten Tag {{firstName}} {{lastName}},

diese Unterweisungen von Mitarbeitenden, für die Sie zuständig sind, sind überfällig:

{{items}}

Die Mitarbeitenden wurden bereits erinnert. Bitte sorgen Sie dafür, dass sie die Unterweisungen nachholen:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'accidentReported',
    subject: 'Neue Unfallmeldung: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

in Schutzwerk wurde eine Unfallmeldung erfasst:

{{items}}

Erfasst von: {{changedBy}}

Die Meldung finden Sie hier (Gesundheitsangaben nur mit der entsprechenden Berechtigung):
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'accidentStatusChanged',
    subject: 'Unfallmeldung: Status geändert – {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

der Status einer Unfallmeldung in Schutzwerk wurde geändert:

{{items}}

Geändert von: {{changedBy}} am {{changedAt}}

Die Meldung finden Sie hier (Gesundheitsangaben nur mit der entsprechenden Berechtigung):
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'auditAssigned',
    subject: 'Freigabevorgang: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

Sie sind an einem Freigabevorgang beteiligt:

{{items}}

Eingetragen von: {{changedBy}}

Den Freigabevorgang finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'auditFinished',
    subject: 'Freigabevorgang abgeschlossen: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

der Freigabevorgang wurde abgeschlossen:

{{items}}

Abgeschlossen von: {{changedBy}} am {{changedAt}}

Den Freigabevorgang und seinen Bericht finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'checklistDone',
    subject: 'Checkliste abgeschlossen: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

eine Checkliste wurde abgeschlossen:

{{items}}

Geändert von: {{changedBy}} am {{changedAt}}

Die Checkliste finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'checklistRejected',
    subject: 'Checkliste abgelehnt: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

eine Checkliste wurde bei der Freigabe abgelehnt und muss überarbeitet werden:

{{items}}

Geändert von: {{changedBy}} am {{changedAt}}

Die Checkliste finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'checklistLimit',
    subject: 'Grenzwert überschritten: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

in einer Checkliste wurde ein Grenzwert überschritten:

{{items}}

Geändert von: {{changedBy}} am {{changedAt}}

Die Checkliste finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'checklistApproval',
    subject: 'Checkliste zur Freigabe: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

eine Checkliste wartet auf Ihre Freigabe:

{{items}}

Geändert von: {{changedBy}} am {{changedAt}}

Die Checkliste finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'collectionSent',
    subject: 'Sammlung zum Ausfüllen: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

Ihnen wurde eine Sammlung eines Fragebogens zum Ausfüllen gesendet:

{{items}}

Gesendet am {{changedAt}}

Den Fragebogen finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'collectionRejected',
    subject: 'Sammlung abgelehnt: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

eine von Ihnen gesendete Sammlung wurde abgelehnt:

{{items}}

Grund: {{reason}}

Abgelehnt von: {{changedBy}} am {{changedAt}}

Den Fragebogen finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'collectionDone',
    subject: 'Sammlung erledigt: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

eine von Ihnen gesendete Sammlung wurde als erledigt gemeldet:

{{items}}

Erledigt von: {{changedBy}} am {{changedAt}}

Den Fragebogen finden Sie hier:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'appointmentBooked',
    subject: 'Termin gebucht: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

für Sie wurde ein Termin gebucht:

{{items}}

Die Kalenderdatei im Anhang trägt den Termin in Ihren Kalender ein.
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'appointmentCancelled',
    subject: 'Termin storniert: {{topic}}',
    body: `Guten Tag {{firstName}} {{lastName}},

der folgende Termin wurde storniert:

{{items}}

Die Kalenderdatei im Anhang entfernt den Termin aus Ihrem Kalender. Bitte buchen Sie einen neuen Termin:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
  {
    purpose: 'precautionCoordinatorReminder',
    subject: 'Fällige arbeitsmedizinische Vorsorge Ihrer Mitarbeitenden',
    body: `Guten Tag {{firstName}} {{lastName}},

diese arbeitsmedizinischen Vorsorgen, die Sie koordinieren, sind bald fällig oder überfällig:

{{items}}

Die Mitarbeitenden wurden ebenfalls erinnert. Bitte sorgen Sie für einen Termin beim Betriebsarzt:
{{url}}

Mit freundlichen Grüßen
{{company}}`,
  },
];

/** Writes the default template of each purpose that has no template yet (run at start-up, idempotent). */
export async function ensureMailTemplates(ex: Executor): Promise<void> {
  for (const template of DEFAULT_MAIL_TEMPLATES) {
    if (await mailRepository.purposeHasTemplate(ex, template.purpose)) continue;
    await mailRepository.insertTemplate(ex, { ...template, language: 'de', country: null, isDefault: true });
  }
}
