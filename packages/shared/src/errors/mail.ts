/** Mail templates and outbox (decision 013). */
import type { ErrorDefinition } from './definition.ts';

export const mailErrors = {
  MAIL_TEMPLATE_NOT_FOUND: {
    status: 409,
    message:
      'Vorlage nicht gefunden (0x803): Für diesen Zweck gibt es keine E-Mail-Vorlage. Bitte legen Sie unter Mail-Einstellungen › Vorlagen eine an.',
  },
  MAIL_OUTBOX_NOT_FAILED: {
    status: 409,
    message: 'Nur fehlgeschlagene E-Mails können erneut gesendet werden. Bitte laden Sie die Liste neu.',
  },
  MAIL_INVALID_RECIPIENT: {
    status: 400,
    message: 'Die Empfängeradresse ist keine gültige E-Mail-Adresse.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const mailMessages = {
  invalidRecipient: (address: string) =>
    `Die Empfängeradresse „${address}“ ist keine gültige E-Mail-Adresse.`,
} as const;
