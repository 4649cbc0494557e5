import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DirectoryLockedError } from './db/lock.ts';
import { DEMO_ACCOUNTS, ensureBaseData, seedDemoData } from './db/seed/bootstrap.ts';

/** Start-up: configuration, database (migrations, base and demo data), HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir, thread: config.pgliteThread },
  );
  const started = Date.now();
  const { base, demo } = await database.withStartupLock(async () => {
    await database.migrate();
    const base = await ensureBaseData(database.db, config.adminPassword);
    const demo = config.demoData
      ? await seedDemoData(database.db, { employees: config.demoEmployees, password: config.demoPassword })
      : undefined;
    return { base, demo };
  });
  const preparedMs = Date.now() - started;

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} empfangen, Schutzwerk wird beendet`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const lines = [
    '',
    `Schutzwerk läuft: http://${shownHost}:${config.port}`,
    `Datenbank: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL-Server (DATABASE_URL)'} (vorbereitet in ${preparedMs} ms)`,
  ];
  if (base.generatedAdminPassword) {
    lines.push(
      `Anmeldung als Administrator: Benutzername „admin“, Kennwort „${base.generatedAdminPassword}“`,
      '  Das Kennwort wird nur jetzt angezeigt. Bitte notieren Sie es und ändern Sie es nach der Anmeldung.',
    );
  } else if (base.adminCreated) {
    lines.push('Anmeldung als Administrator: Benutzername „admin“ mit dem Kennwort aus ADMIN_PASSWORD.');
  } else {
    lines.push(
      'Anmeldung als Administrator: Benutzername „admin“ mit dem beim ersten Start ausgegebenen Kennwort.',
    );
  }
  if (demo?.created) {
    const logins = DEMO_ACCOUNTS.map((a) => `„${a.login}“`).join(', ');
    lines.push(
      `Demodaten angelegt: ${demo.employees.toLocaleString('de-DE')} Mitarbeiter. Demo-Zugänge ${logins}` +
        (demo.generatedPassword
          ? ` mit dem Kennwort „${demo.password}“ (nur jetzt angezeigt).`
          : ' mit dem Kennwort aus DEMO_PASSWORD.'),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Schutzwerk konnte nicht starten: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
