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
    baseUrl: string;
    oidcIssuer: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;

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

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let provider: TestOidcProvider | undefined;

/**
 * Starts the real server (which serves the built web app from apps/web/dist) on a free port with a fresh
 * data directory and demo data; `npm run test:e2e` builds the web app first.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = await mkdtemp(join(tmpdir(), 'schutzwerk-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A real OpenID provider for the single sign-on spec, started before the app, which discovers it lazily.
  const clientSecret = 'e2e-client-secret-0123456789';
  provider = await startOidcProvider({
    clients: [
      {
        clientId: 'schutzwerk-e2e',
        clientSecret,
        redirectUris: [`${baseUrl}/api/auth/sso/callback`],
        postLogoutRedirectUris: [`${baseUrl}/login`],
      },
    ],
    accounts: Object.values(SSO_ACCOUNTS),
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'true',
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    PUBLIC_URL: baseUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'schutzwerk-e2e',
    OIDC_CLIENT_SECRET: clientSecret,
  };
  delete env.DATABASE_URL;

  let log = '';
  server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('oidcIssuer', provider.issuer);
}

export async function teardown(): Promise<void> {
  const running = server;
  server = undefined;
  if (running && running.exitCode === null) {
    const exited = new Promise<void>((r) => running.once('exit', () => r()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await provider?.close();
  provider = undefined;
  if (dataDir) {
    await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  }
}
