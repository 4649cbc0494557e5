import { z } from 'zod';
import { MAIL_PURPOSES, unknownPlaceholderMessage } from './mail-template.ts';

/**
 * Feedback codes of mail delivery (spec §8): 0x800 sent, 0x801 not delivered — no connection or the
 * server refused the sign-in (configuration), 0x802 not delivered — the server refused the mail,
 * 0x803 no mail template for the purpose. See decision 013.
 */
export const MAIL_RESULT_CODES = ['0x800', '0x801', '0x802', '0x803'] as const;
export type MailResultCode = (typeof MAIL_RESULT_CODES)[number];

/**
 * What became of a delivery, a few outcomes an administrator can act on (decision 025). The low-level
 * cause (refused, timed out, no SMTP greeting, unknown name) is deliberately not told apart: one outcome
 * 'unreachable', so the test mail cannot probe the network.
 */
export const MAIL_OUTCOMES = [
  'sent',
  'notConfigured',
  'unreachable',
  'tls',
  'authRefused',
  'passwordMissing',
  'passwordNotBound',
  'refused',
] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

/** The feedback code of each outcome: 0x801 a configuration problem, 0x802 the server refused the mail. */
export const MAIL_OUTCOME_CODES = {
  sent: '0x800',
  notConfigured: '0x801',
  unreachable: '0x801',
  tls: '0x801',
  authRefused: '0x801',
  passwordMissing: '0x801',
  passwordNotBound: '0x801',
  refused: '0x802',
} as const satisfies Record<MailOutcome, MailResultCode>;

/** The German sentence for each outcome (shown after the test mail, kept in the outbox's last error). */
export const MAIL_OUTCOME_MESSAGES: Record<MailOutcome, string> = {
  sent: 'E-Mail wurde versendet (0x800).',
  notConfigured:
    'E-Mail wurde nicht versendet (0x801): Es ist kein Mailserver eingerichtet. Bitte geben Sie Server und Port an.',
  unreachable:
    'E-Mail wurde nicht versendet (0x801): Der Mailserver ist nicht erreichbar – unter dieser Adresse antwortet kein Mailserver. Bitte prüfen Sie Server, Port und Verschlüsselung.',
  tls: 'E-Mail wurde nicht versendet (0x801): Die verschlüsselte Verbindung zum Mailserver ist fehlgeschlagen. Bitte prüfen Sie die Verschlüsselung und das Zertifikat des Servers.',
  authRefused:
    'E-Mail wurde nicht versendet (0x801): Der Mailserver hat die Anmeldung abgelehnt. Bitte prüfen Sie Benutzer und Passwort.',
  passwordMissing:
    'E-Mail wurde nicht versendet (0x801): Für den Benutzer ist kein Passwort gespeichert. Bitte geben Sie das Passwort ein und speichern Sie.',
  passwordNotBound:
    'E-Mail wurde nicht versendet (0x801): Das gespeicherte Passwort wurde für einen anderen Server, Port, eine andere Verschlüsselung oder einen anderen Benutzer eingegeben und wird nicht verwendet. Bitte geben Sie es erneut ein und speichern Sie.',
  refused:
    'E-Mail wurde nicht versendet (0x802): Der Mailserver hat die E-Mail abgelehnt. Bitte prüfen Sie Absender- und Empfängeradresse.',
};

export const mailSendResultSchema = z.object({
  code: z.enum(MAIL_RESULT_CODES),
  outcome: z.enum(MAIL_OUTCOMES),
  /** German text for the user. */
  message: z.string(),
  /**
   * The mail server's own SMTP answer (sign-in or mail refused), for the administrator; null when there
   * was none — connection problems are never described in detail.
   */
  serverResponse: z.string().nullable(),
});
export type MailSendResult = z.infer<typeof mailSendResultSchema>;

export const sendTestMailSchema = z.object({
  to: z.email({ message: 'Bitte eine gültige E-Mail-Adresse angeben.' }).max(200),
});
export type SendTestMail = z.infer<typeof sendTestMailSchema>;

// ── outbox ──────────────────────────────────────────────────────────────────────────────────────
export const MAIL_OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailOutboxState = (typeof MAIL_OUTBOX_STATES)[number];

export const mailOutboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  purpose: z.string(),
  relatedEmployeeId: z.number().int().nullable(),
  state: z.enum(MAIL_OUTBOX_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MailOutboxEntry = z.infer<typeof mailOutboxEntrySchema>;

export const mailOutboxQuerySchema = z.object({
  state: z.enum(MAIL_OUTBOX_STATES).optional(),
});

// ── templates ───────────────────────────────────────────────────────────────────────────────────
const placeholderCheck = (text: string, ctx: z.RefinementCtx) => {
  const message = unknownPlaceholderMessage(text);
  if (message) ctx.addIssue({ code: 'custom', message });
};

export const mailTemplateFieldsSchema = z.object({
  purpose: z.enum(MAIL_PURPOSES, { message: 'Bitte einen Zweck wählen.' }),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, {
      message: 'Bitte die Sprache als Kürzel aus zwei Kleinbuchstaben angeben (z. B. de).',
    }),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { message: 'Bitte das Land als Kürzel aus zwei Großbuchstaben angeben (z. B. DE).' })
    .nullable(),
  isDefault: z.boolean(),
  sender: z
    .string()
    .trim()
    .max(200, { message: 'Höchstens 200 Zeichen.' })
    .refine((v) => v === '' || z.email().safeParse(v).success, {
      message: 'Bitte eine gültige E-Mail-Adresse als Absender angeben oder das Feld leer lassen.',
    }),
  subject: z
    .string()
    .trim()
    .min(1, { message: 'Bitte einen Betreff angeben.' })
    .max(300, { message: 'Höchstens 300 Zeichen.' })
    .superRefine(placeholderCheck),
  body: z
    .string()
    .min(1, { message: 'Bitte einen Text angeben.' })
    .max(50_000, { message: 'Höchstens 50.000 Zeichen.' })
    .superRefine(placeholderCheck),
});
export type MailTemplateFields = z.infer<typeof mailTemplateFieldsSchema>;

export const createMailTemplateSchema = mailTemplateFieldsSchema;
export const updateMailTemplateSchema = mailTemplateFieldsSchema.extend({ version: z.number().int() });
export type UpdateMailTemplate = z.infer<typeof updateMailTemplateSchema>;

export const mailTemplateSchema = mailTemplateFieldsSchema.extend({
  id: z.number().int(),
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
