import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DirectoryLockedError } from './lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite directory lock', () => {
  it('refuses a second opener while the first holds the lock, and frees it on release', () => {
    const dir = tempDir();
    const lock = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
    expect(() => acquireDirectoryLock(dir)).toThrow(/wird bereits vom Prozess \d+ verwendet/);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'schutzwerk.lock'))).toBe(false);
    acquireDirectoryLock(dir).release();
  });

  it('takes over a lock naming our own PID that this process does not hold (PID reuse after a crash)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'schutzwerk.lock'), String(process.pid));
    const lock = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
    lock.release();
  });

  it('takes over a lock left behind by a process that no longer runs', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'schutzwerk.lock'), '2147483646');
    const lock = acquireDirectoryLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
