import {
  MAIL_OUTCOME_CODES,
  MAIL_OUTCOME_MESSAGES,
  type MailOutcome,
  type MailResultCode,
} from '@schutzwerk/shared/mail/mail.schema.ts';
import { type MailSecurity, mailSettings } from '@schutzwerk/shared/settings/mail.settings.ts';
import nodemailer from 'nodemailer';
import { type BoundSecret, requireBoundSecret } from '#modules/settings/index.ts';
import { AppError } from '#platform/errors.ts';

/**
 * The mail settings the transport needs (the `mail` settings category). The password is the stored
 * secret with what it was entered for: the transport uses it only with that host, port, security and
 * user (decision 025).
 */
export type SmtpSettings = {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  password: BoundSecret | null;
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
  attachments?: { filename: string; contentType: string; content: string }[] | null;
};

export type DeliveryOutcome =
  | { ok: true; code: '0x800'; outcome: 'sent'; response: string }
  | {
      ok: false;
      code: Exclude<MailResultCode, '0x800' | '0x803'>;
      outcome: Exclude<MailOutcome, 'sent'>;
      /** The mail server's own SMTP answer (without credentials); '' for connection problems. */
      response: string;
      /** A retry cannot help (the server refused this mail with a 5xx answer). */
      permanent: boolean;
    };

/** Time limits so a dead server does not hold a request or a job for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function isConfigured(settings: Pick<SmtpSettings, 'host'>): boolean {
  return settings.host.trim() !== '';
}

/** The sender shown to recipients: the template's address if given, else the settings' name and address. */
export function fromHeader(settings: SmtpSettings, override?: string | null): string | undefined {
  const address = override?.trim() || settings.senderAddress.trim();
  if (!address) return undefined;
  const name = settings.senderName.trim();
  return name ? `"${name.replace(/["\\\r\n]/g, '')}" <${address}>` : address;
}

function failure(
  outcome: Exclude<MailOutcome, 'sent'>,
  response = '',
  permanent = false,
): DeliveryOutcome & { ok: false } {
  return {
    ok: false,
    code: MAIL_OUTCOME_CODES[outcome] as Exclude<MailResultCode, '0x800' | '0x803'>,
    outcome,
    response,
    permanent,
  };
}

/**
 * The sign-in to use with exactly these settings: none without a user; the stored password only when it
 * was entered for this host, port, security and user. Otherwise the outcome that stops the delivery
 * before any connection is made.
 */
export function credentialsFor(
  settings: SmtpSettings,
):
  | { ok: true; auth?: { user: string; pass: string } }
  | { ok: false; failure: DeliveryOutcome & { ok: false } } {
  if (!isConfigured(settings)) return { ok: false, failure: failure('notConfigured') };
  if (!settings.user) return { ok: true };
  let pass: string;
  try {
    pass = requireBoundSecret(mailSettings, 'password', settings.password, settings);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SETTINGS_SECRET_NOT_BOUND')
      return { ok: false, failure: failure('passwordNotBound') };
    throw error;
  }
  if (pass === '') return { ok: false, failure: failure('passwordMissing') };
  return { ok: true, auth: { user: settings.user, pass } };
}

/**
 * Sends one mail over a fresh SMTP connection and classifies the outcome (decisions 013, 025):
 * 0x801 the mail could not be handed over — no server, not reachable, TLS or sign-in failed, no usable
 * password (configuration); 0x802 the server took the connection but refused the mail.
 */
export async function deliver(settings: SmtpSettings, mail: OutgoingMail): Promise<DeliveryOutcome> {
  const credentials = credentialsFor(settings);
  if (!credentials.ok) return credentials.failure;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(credentials.auth ? { auth: credentials.auth } : {}),
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
      ...(mail.attachments && mail.attachments.length > 0
        ? {
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          }
        : {}),
      ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
    });
    return { ok: true, code: '0x800', outcome: 'sent', response: String(info.response ?? '') };
  } catch (error) {
    return classify(error, credentials.auth?.pass);
  } finally {
    transport.close();
  }
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/**
 * nodemailer's error → one of a few outcomes. Everything before an SMTP conversation — refused, timed
 * out, no or a foreign greeting, unknown name, a failed TLS handshake on connect — is 'unreachable' with
 * no detail, so the answer does not tell a closed port from another service. The server's own answer is
 * kept only where it answered as a mail server (STARTTLS, sign-in, envelope, message).
 */
export function classify(error: unknown, password?: string): DeliveryOutcome & { ok: false } {
  const e = (error ?? {}) as SmtpError;
  const smtpAnswer = (): string => {
    let text = typeof e.response === 'string' ? e.response.trim() : '';
    // Never echo the password, whatever the server answers.
    if (password) text = text.split(password).join('••••');
    return text.slice(0, 500);
  };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  switch (e.code) {
    case 'ETLS':
      return failure('tls', smtpAnswer());
    case 'EAUTH':
    case 'ENOAUTH':
      return failure('authRefused', smtpAnswer());
    case 'EENVELOPE':
    case 'EMESSAGE':
      return failure('refused', smtpAnswer(), responseCode !== undefined && responseCode >= 500);
    default:
      return failure('unreachable');
  }
}

/** The German sentence for an outcome (the server's answer, if any, is shown beside it). */
export function outcomeMessage(outcome: MailOutcome): string {
  return MAIL_OUTCOME_MESSAGES[outcome];
}
