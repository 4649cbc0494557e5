import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from '../src/db/lock.ts';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('server start-up', () => {
  it('stops with a clear German message on bad configuration', () => {
    const result = startServer({ PORT: 'abc', DEMO_DATA: 'vielleicht' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Ungültige Konfiguration');
    expect(result.stderr).toContain('PORT="abc"');
    expect(result.stderr).toContain('DEMO_DATA');
  });

  it('refuses a data directory another process holds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-start-'));
    const lock = acquireDirectoryLock(dir);
    try {
      const result = startServer({ DATA_DIR: dir, PORT: '0' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`wird bereits vom Prozess ${process.pid} verwendet`);
    } finally {
      lock.release();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
