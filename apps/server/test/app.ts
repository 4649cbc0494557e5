import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from './constants.ts';
import { withDatabase } from './global-setup.ts';

export { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The test's own file store folder (removed on close). */
  filesDir: string;
  /** The app's configuration and, on PostgreSQL, the address of the test's database (second instances). */
  config: Config;
  databaseUrl: string | undefined;
  client(): ApiClient;
  /** A signed-in client: `admin` or one of the demo accounts. */
  login(username: string, password?: string): Promise<ApiClient>;
  close(): Promise<void>;
};

/** A fresh database (copy of the migrated, seeded template) and the whole app on it, for `app.inject()`. */
export async function createTestApp(
  options: { env?: Record<string, string> } & Pick<AppOptions, 'jobs' | 'now'> = {},
): Promise<TestApp> {
  const template = inject('dbTemplate');
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (template.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(template.dumpPath)]);
    database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: dump });
  } else {
    const name = `schutzwerk_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.baseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.template}`);
    databaseUrl = withDatabase(template.baseUrl, name);
    database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  // The file store needs a writable folder; DATA_DIR itself stays unusable so nothing else writes there.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-files-'));
  const config = loadConfig({
    FILES_DIR: filesDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATA_DIR: '/nonexistent-test-data-dir',
    SECRET_KEY: 'test-secret-key-for-settings-0123456789',
    // Tests drive the scheduler with app.scheduler.runDue() instead of its timer.
    SCHEDULER: 'false',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    filesDir,
    config,
    databaseUrl,
    client: () => new ApiClient(app),
    async login(username, password) {
      const client = new ApiClient(app);
      await client.login(
        username,
        password ?? (username === 'admin' ? TEST_ADMIN_PASSWORD : TEST_DEMO_PASSWORD),
      );
      return client;
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app instance on the test's database, as behind a load balancer (decision 038): on PostgreSQL with a
 * pool of its own, on PGlite on the same database object (one process). Close it before the test app.
 */
export async function createSecondInstance(t: TestApp): Promise<{
  app: FastifyInstance;
  client(): ApiClient;
  close(): Promise<void>;
}> {
  const database = t.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: t.databaseUrl, poolSize: 4 })
    : t.database;
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return {
    app,
    client: () => new ApiClient(app),
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Talks to the app like the browser does: CSRF cookie echoed in the header, bearer token once signed in. */
export class ApiClient {
  readonly app: FastifyInstance;
  token: string | undefined;
  csrf: string | undefined;
  /** Set false to send state-changing requests without the CSRF header. */
  sendCsrf = true;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(method: Method, url: string, body?: unknown, extra: Partial<InjectOptions> = {}) {
    if (!this.csrf) {
      const res = await this.app.inject({ method: 'GET', url: '/api/auth/csrf' });
      this.csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
    }
    const headers: Record<string, string> = { cookie: `${CSRF_COOKIE}=${this.csrf}` };
    if (this.sendCsrf && this.csrf) headers[CSRF_HEADER] = this.csrf;
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response: LightMyRequestResponse = await this.app.inject({
      method,
      url,
      headers: { ...headers, ...(extra.headers as Record<string, string> | undefined) },
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }
  patch(url: string, body: unknown) {
    return this.request('PATCH', url, body);
  }
  put(url: string, body: unknown) {
    return this.request('PUT', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  async login(username: string, password: string) {
    const res = await this.post('/api/auth/login_local', { username, password });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    this.token = res.json<{ token: string }>().token;
    return this;
  }
}

/** The error envelope of a response. */
export function errorOf(res: LightMyRequestResponse): { code: string; message: string; details?: unknown } {
  return res.json<{ error: { code: string; message: string; details?: unknown } }>().error;
}
