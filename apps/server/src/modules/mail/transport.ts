import type { MailResultCode } from '@schutzwerk/shared/mail/mail.schema.ts';
import type { MailSecurity } from '@schutzwerk/shared/settings/mail.settings.ts';
import nodemailer from 'nodemailer';

/** The mail settings the transport needs (the `mail` settings category, secrets opened). */
export type SmtpSettings = {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  password: string;
  senderAddress: string;
  senderName: string;
  replyTo: string;
};

export type OutgoingMail = {
  to: string;
  from?: string | null;
  subject: string;
  text: string;
  html?: string | null;
};

export type DeliveryOutcome =
  | { ok: true; code: '0x800'; response: string }
  | {
      ok: false;
      code: Exclude<MailResultCode, '0x800' | '0x803'>;
      /** The server's (or the connection's) answer, without credentials. */
      response: string;
      /** A retry cannot help (the server refused this mail with a 5xx answer). */
      permanent: boolean;
    };

/** Time limits so a dead server does not hold a request or a job for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function isConfigured(settings: SmtpSettings): boolean {
  return settings.host.trim() !== '';
}

/** The sender shown to recipients: the template's address if given, else the settings' name and address. */
export function fromHeader(settings: SmtpSettings, override?: string | null): string | undefined {
  const address = override?.trim() || settings.senderAddress.trim();
  if (!address) return undefined;
  const name = settings.senderName.trim();
  return name ? `"${name.replace(/["\\\r\n]/g, '')}" <${address}>` : address;
}

/**
 * Sends one mail over a fresh SMTP connection and classifies the outcome (decision 013):
 * 0x801 the mail could not be handed over — no connection, TLS or sign-in failed (configuration);
 * 0x802 the server took the connection but refused the mail (sender, recipient or content).
 */
export async function deliver(settings: SmtpSettings, mail: OutgoingMail): Promise<DeliveryOutcome> {
  if (!isConfigured(settings))
    return { ok: false, code: '0x801', response: 'Es ist kein Mailserver eingerichtet.', permanent: false };
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
    ...TIMEOUTS,
  });
  try {
    const from = fromHeader(settings, mail.from) ?? (settings.user.includes('@') ? settings.user : undefined);
    const info = await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
    });
    return { ok: true, code: '0x800', response: String(info.response ?? '') };
  } catch (error) {
    return classify(error, settings);
  } finally {
    transport.close();
  }
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

export function classify(
  error: unknown,
  settings?: Pick<SmtpSettings, 'password'>,
): DeliveryOutcome & { ok: false } {
  const e = (error ?? {}) as SmtpError;
  let text = (e.response || e.message || String(error)).trim();
  // Never echo the password, whatever the server answers.
  if (settings?.password) text = text.split(settings.password).join('••••');
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const connectionCodes = [
    'ECONNECTION',
    'ETIMEDOUT',
    'EDNS',
    'ESOCKET',
    'ETLS',
    'EAUTH',
    'ENOAUTH',
    'EPROTOCOL',
  ];
  if (e.code && connectionCodes.includes(e.code)) {
    return { ok: false, code: '0x801', response: text, permanent: false };
  }
  // The server answered but refused the envelope or the message.
  return {
    ok: false,
    code: '0x802',
    response: text,
    permanent: responseCode !== undefined && responseCode >= 500,
  };
}

/** The German sentence for an outcome (the server's answer is shown beside it). */
export function outcomeMessage(code: MailResultCode): string {
  switch (code) {
    case '0x800':
      return 'E-Mail wurde versendet (0x800).';
    case '0x801':
      return 'E-Mail wurde nicht versendet (0x801): Der Mailserver ist nicht erreichbar oder hat die Anmeldung abgelehnt. Bitte prüfen Sie Server, Port, Verschlüsselung, Benutzer und Passwort.';
    case '0x802':
      return 'E-Mail wurde nicht versendet (0x802): Der Mailserver hat die E-Mail abgelehnt. Bitte prüfen Sie Absender- und Empfängeradresse.';
    case '0x803':
      return 'Vorlage nicht gefunden (0x803).';
  }
}
