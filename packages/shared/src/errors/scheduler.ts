/** Scheduled tasks (Aufgabenplanung, decision 010). */
import type { ErrorDefinition } from './definition.ts';

export const schedulerErrors = {
  SCHEDULER_TASK_NOT_FOUND: {
    status: 404,
    message: 'Die geplante Aufgabe wurde nicht gefunden. Bitte laden Sie die Seite neu.',
  },
  SCHEDULER_TASK_RUNNING: {
    status: 409,
    message: 'Die Aufgabe läuft gerade. Bitte warten Sie, bis der laufende Durchlauf beendet ist.',
  },
  SCHEDULER_TASK_UNAVAILABLE: {
    status: 409,
    message:
      'Diese Aufgabe gibt es in der laufenden Programmversion nicht mehr. Sie kann weder ausgeführt noch geplant werden.',
  },
  SCHEDULER_INVALID_CRON: {
    status: 400,
    message:
      'Der Cron-Ausdruck ist ungültig. Bitte geben Sie fünf Felder an: Minute, Stunde, Tag, Monat und Wochentag (z. B. „*/5 * * * *“).',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const schedulerMessages = {
  cronFields: [
    { label: 'Minute', allowed: '0–59' },
    { label: 'Stunde', allowed: '0–23' },
    { label: 'Tag', allowed: '1–31' },
    { label: 'Monat', allowed: '1–12 oder JAN–DEC' },
    { label: 'Wochentag', allowed: '0–7 (0 und 7 = Sonntag) oder SUN–SAT' },
  ],
  cronUnknownShortcut: (expression: string) =>
    `„${expression}“ ist keine bekannte Abkürzung. Erlaubt sind @hourly, @daily, @weekly, @monthly und @yearly.`,
  cronFieldCount: (fields: number) =>
    `Ein Cron-Ausdruck hat fünf durch Leerzeichen getrennte Felder: Minute, Stunde, Tag, Monat und Wochentag (z. B. „*/5 * * * *“). Angegeben ${fields === 1 ? 'wurde 1 Feld' : `wurden ${fields} Felder`}.`,
  cronFieldInvalid: (field: { label: string; allowed: string }, value: string) =>
    `Das Feld „${field.label}“ („${value}“) ist ungültig. Erlaubt sind ${field.allowed}, Listen (1,15), Bereiche (1-5) und Schritte (*/5).`,
  cronInvalid: 'Der Cron-Ausdruck ist ungültig. Bitte prüfen Sie die Kombination der Felder.',
  cronNeverFires: 'Der Cron-Ausdruck löst nie aus (z. B. 30. Februar). Bitte prüfen Sie Tag und Monat.',
} as const;
