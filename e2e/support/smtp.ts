import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process; the app server (a child process) delivers to it. */
export async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, received, port: (server.server.address() as AddressInfo).port };
}

/** Quoted-printable to UTF-8 text (soft line breaks removed). */
function quotedPrintable(text: string): string {
  const s = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The subject (encoded words decoded) and the plain-text part of a raw mail as the outbox sent it. */
export function mailText(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const encoded = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = encoded
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : quotedPrintable(word.replace(/_/g, ' ')),
    );
  const at = raw.search(/Content-Type: text\/plain/i);
  const part = at < 0 ? raw.slice(split) : raw.slice(at);
  const bodyAt = part.search(/\r?\n\r?\n/);
  const partHeader = part.slice(0, bodyAt);
  const body = part
    .slice(bodyAt)
    .trim()
    .split(/\r?\n--/)[0]!;
  const text = /base64/i.test(partHeader)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : /quoted-printable/i.test(partHeader)
      ? quotedPrintable(body)
      : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}
