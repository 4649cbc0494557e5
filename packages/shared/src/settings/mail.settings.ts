import { z } from 'zod';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** How the connection to the mail server is secured. */
export const MAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** Ports mail servers usually listen on for submission (suggested in the form). */
export const MAIL_SUGGESTED_PORTS = [25, 2525, 587, 465] as const;

const optionalEmail = z
  .string()
  .trim()
  .max(200, { message: 'Höchstens 200 Zeichen.' })
  .refine((v) => v === '' || z.email().safeParse(v).success, {
    message: 'Bitte eine gültige E-Mail-Adresse angeben.',
  });

/**
 * The SMTP server all mails go through. The password is a secret field: sealed at rest, never sent to
 * the browser, bound to host, port, security and user (changing one of them removes it). An empty host means "no mail server set up" (mails stay in the outbox).
 */
export const mailSettings = defineSettingsCategory({
  key: 'mail',
  schema: z.object({
    host: z
      .string()
      .trim()
      .max(255, { message: 'Höchstens 255 Zeichen.' })
      .refine((v) => v === '' || /^[A-Za-z0-9.\-:[\]]+$/.test(v), {
        message: 'Bitte einen gültigen Servernamen oder eine IP-Adresse angeben (ohne Leerzeichen).',
      }),
    port: z
      .number({ message: 'Bitte einen Port zwischen 1 und 65535 angeben (üblich sind 25, 2525 oder 587).' })
      .int({ message: 'Bitte einen Port zwischen 1 und 65535 angeben (üblich sind 25, 2525 oder 587).' })
      .min(1, { message: 'Bitte einen Port zwischen 1 und 65535 angeben (üblich sind 25, 2525 oder 587).' })
      .max(65535, {
        message: 'Bitte einen Port zwischen 1 und 65535 angeben (üblich sind 25, 2525 oder 587).',
      }),
    security: z.enum(MAIL_SECURITY, { message: 'Bitte eine Verschlüsselung wählen.' }),
    user: z.string().trim().max(200, { message: 'Höchstens 200 Zeichen.' }),
    password: z.string().max(500, { message: 'Höchstens 500 Zeichen.' }),
    senderAddress: optionalEmail,
    senderName: z.string().trim().max(200, { message: 'Höchstens 200 Zeichen.' }),
    replyTo: optionalEmail,
  }),
  defaults: {
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    password: '',
    senderAddress: '',
    senderName: 'Schutzwerk',
    replyTo: '',
  },
  ...SETTINGS_CATEGORY_RIGHTS.mail,
  // The password goes only to the server and account it was entered for (decision 025).
  secrets: { password: ['host', 'port', 'security', 'user'] },
});
