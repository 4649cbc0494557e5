/**
 * E-mail templates: purposes, placeholders and the rendering shared by server (sending) and browser
 * (preview). Rendering is plain text replacement of `{{name}}` — no template code is ever executed;
 * values are HTML-escaped in the HTML part.
 */

/** What the product sends mails for (one default template per purpose and language). */
export const MAIL_PURPOSES = [
  'lostPassword',
  'testMail',
  'taskReminder',
  'instructionInvitation',
  'actionProblem',
  'emailChanged',
  'instructionFeedback',
  'instructionOverdue',
  'accidentReported',
  'accidentStatusChanged',
  'auditAssigned',
  'auditFinished',
  'appointmentBooked',
  'appointmentCancelled',
  'precautionCoordinatorReminder',
  'checklistDone',
  'checklistRejected',
  'checklistLimit',
  'checklistApproval',
  'collectionSent',
  'collectionRejected',
  'collectionDone',
] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

export const MAIL_PURPOSE_LABELS: Record<MailPurpose, string> = {
  lostPassword: 'Passwort vergessen',
  testMail: 'Testmail',
  taskReminder: 'Erinnerung an eine Aufgabe',
  instructionInvitation: 'Einladung zur Unterweisung',
  actionProblem: 'Problem zu einer Maßnahme gemeldet',
  emailChanged: 'E-Mail-Adresse geändert (an die bisherige Adresse)',
  instructionFeedback: 'Rückmeldung zu einer Unterweisung (an Vorgesetzte)',
  instructionOverdue: 'Überfällige Unterweisungen (an Vorgesetzte)',
  accidentReported: 'Unfallmeldung erfasst (an Vorgesetzte und Eskalationskontakte des Orts)',
  accidentStatusChanged:
    'Status einer Unfallmeldung geändert (an Vorgesetzte und Eskalationskontakte des Orts)',
  auditAssigned: 'Beteiligung an einem Freigabevorgang (an die beteiligten Personen)',
  auditFinished: 'Freigabevorgang abgeschlossen (an die beteiligten Personen)',
  appointmentBooked: 'Termin gebucht (mit Kalenderdatei)',
  appointmentCancelled: 'Termin storniert (mit Kalenderdatei)',
  precautionCoordinatorReminder: 'Fällige arbeitsmedizinische Vorsorge (an die Koordinatoren)',
  checklistDone: 'Checkliste abgeschlossen (an die Empfänger der Checkliste)',
  checklistRejected: 'Checkliste abgelehnt (an die Empfänger und die ausfüllende Person)',
  checklistLimit: 'Grenzwert einer Checkliste überschritten (an die Empfänger der Checkliste)',
  checklistApproval: 'Checkliste wartet auf Freigabe (an die Freigebenden)',
  collectionSent: 'Sammlung eines Fragebogens gesendet (an die empfangende Person)',
  collectionRejected: 'Gesendete Sammlung abgelehnt (an die sendende Person)',
  collectionDone: 'Gesendete Sammlung erledigt (an die sendende Person)',
};

/** The placeholders a template may use (spec: company … zip; validUntil for the validity line). */
export const MAIL_PLACEHOLDERS = [
  'company',
  'contactPerson',
  'firstName',
  'lastName',
  'password',
  'module',
  'topic',
  'url',
  'username',
  'zip',
  'validUntil',
  'dueDate',
  'reason',
  'changedBy',
  'changedAt',
  'maskedEmail',
  'items',
] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type MailValues = Partial<Record<MailPlaceholder, string>>;

export const MAIL_PLACEHOLDER_LABELS: Record<MailPlaceholder, string> = {
  company: 'Firma',
  contactPerson: 'Ansprechpartner',
  firstName: 'Vorname',
  lastName: 'Nachname',
  password: 'Passwort',
  module: 'Modul',
  topic: 'Thema',
  url: 'Adresse (URL)',
  username: 'Benutzername',
  zip: 'PLZ',
  validUntil: 'Gültig bis',
  dueDate: 'Fällig am',
  reason: 'Grund',
  changedBy: 'Geändert von',
  changedAt: 'Geändert am',
  maskedEmail: 'Neue E-Mail-Adresse (gekürzt)',
  items: 'Liste der Einträge',
};

/** Values the preview fills in. */
export const MAIL_SAMPLE_VALUES: Required<MailValues> = {
  company: 'Rheinwerk Chemie GmbH',
  contactPerson: 'Katrin Hoffmann',
  firstName: 'Anna',
  lastName: 'Schmidt',
  password: 'Xy7-kL9#qR',
  module: 'Unterweisungen',
  topic: 'Brandschutz <Grundlagen> & Evakuierung',
  url: 'https://schutzwerk.example.de/login',
  username: 'anna.schmidt',
  zip: '50667',
  validUntil: '24.11.26 10:30',
  dueDate: '30.11.26',
  reason: 'Das Ersatzteil ist erst in drei Wochen lieferbar.',
  changedBy: 'Katrin Hoffmann',
  changedAt: '24.11.26 10:30',
  maskedEmail: 'a•••@rheinwerk-chemie.de',
  items: '– Brandschutz (U-02), fällig am 30.11.26\n– Erste Hilfe (U-03), fällig am 15.11.26 – überfällig',
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const known: ReadonlySet<string> = new Set(MAIL_PLACEHOLDERS);

/** The placeholder names used in a text (in order, without repeats). */
export function placeholdersIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Placeholders that are not in MAIL_PLACEHOLDERS. */
export function unknownPlaceholders(text: string): string[] {
  return placeholdersIn(text).filter((name) => !known.has(name));
}

/** A German message naming the unknown placeholders, or null when all are known. */
export function unknownPlaceholderMessage(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return null;
  const list = unknown.map((n) => `{{${n}}}`).join(', ');
  return `${unknown.length === 1 ? 'Unbekannter Platzhalter' : 'Unbekannte Platzhalter'}: ${list}. Erlaubt sind ${MAIL_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ')}.`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function fill(text: string, values: MailValues, map: (value: string) => string): string {
  // One pass: a value that itself contains {{…}} is not expanded again.
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    known.has(name) ? map(values[name as MailPlaceholder] ?? '') : whole,
  );
}

/** Subject line: placeholders filled, line breaks removed (a header is one line). */
export function renderSubject(subject: string, values: MailValues): string {
  return fill(subject, values, (v) => v)
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/** The plain-text body with the placeholders filled. */
export function renderText(body: string, values: MailValues): string {
  return fill(body, values, (v) => v);
}

/** The HTML body: the text escaped, values escaped, line breaks as <br>, paragraphs on blank lines. */
export function renderHtml(body: string, values: MailValues): string {
  const html = fill(escapeHtml(body), values, escapeHtml).replace(/\r\n?/g, '\n');
  const paragraphs = html
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"></head><body style="font-family: Arial, sans-serif; font-size: 14px;">\n${paragraphs}\n</body></html>`;
}
