import { argon2 } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('hashes with argon2id in PHC format and verifies', async () => {
    const hash = await hashPassword('Grüße-2026!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Grüße-2026!')).toBe(true);
    expect(await verifyPassword(hash, 'grüße-2026!')).toBe(false);
  });

  it("agrees with Node's own argon2id: hashes stored before the switch still verify", async () => {
    const salt = Buffer.from('c2NodXR6d2Vyay1zYWx6', 'base64');
    const key = await new Promise<Buffer>((resolve, reject) =>
      argon2(
        'argon2id',
        { message: 'Grüße-2026!', nonce: salt, memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 },
        (error, k) => (error ? reject(error) : resolve(k)),
      ),
    );
    const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    const stored = `$argon2id$v=19$m=19456,t=2,p=1$${b64(salt)}$${b64(key)}`;
    expect(await verifyPassword(stored, 'Grüße-2026!')).toBe(true);
    expect(await verifyPassword(stored, 'Grüße-2026?')).toBe(false);
  });

  it('uses a fresh salt per hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('plaintext', 'plaintext')).toBe(false);
    expect(await verifyPassword('$argon2i$v=19$m=1,t=1,p=1$AAAA$AAAA', 'x')).toBe(false);
  });

  it('generates passwords of the requested length without ambiguous characters', () => {
    const pw = generatePassword(32);
    expect(pw).toHaveLength(32);
    expect(pw).not.toMatch(/[0O1lI]/);
  });
});
