import { z } from 'zod';
import { MAIL_PURPOSES, unknownPlaceholderMessage } from './mail-template.ts';

/**
 * Feedback codes of mail delivery (spec §8): 0x800 sent, 0x801 not delivered — no connection or the
 * server refused the sign-in (configuration), 0x802 not delivered — the server refused the mail,
 * 0x803 no mail template for the purpose. See decision 013.
 */
export const MAIL_RESULT_CODES = ['0x800', '0x801', '0x802', '0x803'] as const;
export type MailResultCode = (typeof MAIL_RESULT_CODES)[number];

export const mailSendResultSchema = z.object({
  code: z.enum(MAIL_RESULT_CODES),
  /** German text for the user. */
  message: z.string(),
  /** What the mail server (or the connection) answered, for the administrator. */
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
