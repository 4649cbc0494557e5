import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretUnreadableError } from './secrets.ts';

describe('secret box', () => {
  it('round-trips with SECRET_KEY, a fresh IV each time, and refuses another key', () => {
    const box = createSecretBox({ secretKey: 'a'.repeat(40), dataDir: '/nonexistent' });
    const one = box.encrypt('Geheim-äöü');
    const two = box.encrypt('Geheim-äöü');
    expect(one).not.toBe(two);
    expect(one).not.toContain('Geheim');
    expect(box.decrypt(one)).toBe('Geheim-äöü');
    const other = createSecretBox({ secretKey: 'b'.repeat(40), dataDir: '/nonexistent' });
    expect(() => other.decrypt(one)).toThrow(SecretUnreadableError);
    expect(() => box.decrypt('nonsense')).toThrow(SecretUnreadableError);
  });

  it('creates DATA_DIR/secret.key on first use (mode 600) and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    try {
      const sealed = createSecretBox({ secretKey: undefined, dataDir: dir }).encrypt('x');
      const file = path.join(dir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(createSecretBox({ secretKey: undefined, dataDir: dir }).decrypt(sealed)).toBe('x');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
