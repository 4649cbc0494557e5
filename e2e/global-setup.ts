import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/accounts.ts';
import { SSO_ACCOUNTS } from './support/sso.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app server per e2e worker: worker VITEST_POOL_ID = n uses baseUrls[n - 1] (support/browser.ts). */
    baseUrls: string[];
    oidcIssuer: string;
    /** Where each worker records the page states axe-core checked (support/a11y.ts); removed at teardown. */
    a11yDir: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..');
/** A server prepares its PGlite and 10,000 demo employees (about 30 s alone); on a loaded machine twice over 120 s. */
const START_TIMEOUT_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`e2e server exited with code ${server.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

type RunningServer = { process: ChildProcess; dataDir: string };

let servers: RunningServer[] = [];
let provider: TestOidcProvider | undefined;
let a11yDir: string | undefined;

/** Starts one app server with a fresh data directory and demo data; resolves once /api/health answers. */
async function startServer(baseUrl: string, port: number, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'schutzwerk-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const running = { process: child, dataDir };
  servers.push(running);
  await waitForHealth(baseUrl, child, () => log);
  return running;
}

/**
 * Starts the real server (which serves the built web app from apps/web/dist) on a free port with a fresh
 * data directory and demo data — one per e2e worker (`maxWorkers` of the e2e project), so that files
 * running at the same time never share a database; files of one worker run one after another on its
 * server. `npm run test:e2e` builds the web app first.
 */
export async function setup(project: TestProject): Promise<void> {
  const workers = Math.max(1, project.config.maxWorkers);
  const ports: number[] = [];
  while (ports.length < workers) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const baseUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  // A real OpenID provider for the single sign-on spec, started before the apps, which discover it lazily.
  const clientSecret = 'e2e-client-secret-0123456789';
  provider = await startOidcProvider({
    clients: [
      {
        clientId: 'schutzwerk-e2e',
        clientSecret,
        redirectUris: baseUrls.map((url) => `${url}/api/auth/sso/callback`),
        postLogoutRedirectUris: baseUrls.map((url) => `${url}/login`),
      },
    ],
    accounts: Object.values(SSO_ACCOUNTS),
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DEMO_DATA: 'true',
    // No ticker (as in the API tests): nothing happens on the clock while the browser tests run (a scheduled
    // fire of a task could answer a spec's "Jetzt ausführen" with 409 or add runs next to its own);
    // "Jetzt ausführen" works without it, and the fire times are still planned and shown.
    SCHEDULER: 'false',
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'schutzwerk-e2e',
    OIDC_CLIENT_SECRET: clientSecret,
  };
  delete env.DATABASE_URL;

  try {
    await Promise.all(baseUrls.map((url, i) => startServer(url, ports[i] as number, env)));
  } catch (error) {
    await teardown();
    throw error;
  }
  a11yDir = await mkdtemp(join(tmpdir(), 'schutzwerk-e2e-a11y-'));
  project.provide('baseUrls', baseUrls);
  project.provide('a11yDir', a11yDir);
  project.provide('oidcIssuer', provider.issuer);
}

async function stopServer({ process: child, dataDir }: RunningServer): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(dataDir, { recursive: true, force: true });
}

export async function teardown(): Promise<void> {
  const running = servers;
  servers = [];
  await Promise.all(running.map(stopServer));
  await provider?.close();
  provider = undefined;
  if (a11yDir) await rm(a11yDir, { recursive: true, force: true });
  a11yDir = undefined;
}
