import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; parsed: ParsedMail; raw: string };
export type AuthAttempt = { method: string; username: string; password: string };

/**
 * A real SMTP server on 127.0.0.1 for tests: optional sign-in (user/password), a recipient it refuses
 * with 550, every accepted mail parsed, every sign-in attempt recorded (`authAttempts`, what a server
 * learns from AUTH). `stop()` closes it (connections are then refused); `start()` listens again on the
 * same port.
 */
export async function startSmtpServer(
  options: { user?: string; password?: string; refuse?: string[]; port?: number } = {},
) {
  const received: ReceivedMail[] = [];
  const authAttempts: AuthAttempt[] = [];
  const make = () => {
    const config: SMTPServerOptions = {
      secure: false,
      disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.user,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        authAttempts.push({
          method: auth.method,
          username: auth.username ?? '',
          password: auth.password ?? '',
        });
        if (auth.username === options.user && auth.password === options.password)
          return callback(null, { user: auth.username });
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        if (options.refuse?.includes(address.address))
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((parsed) => {
              received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
                parsed,
                raw,
              });
              callback();
            })
            .catch(callback);
        });
      },
    };
    return new SMTPServer(config);
  };
  let server = make();
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    received,
    authAttempts,
    get port() {
      return port;
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = make();
      await listen();
    },
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
