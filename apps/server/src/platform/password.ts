import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hashRaw } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package declares its enum as an ambient const enum, which type stripping cannot read. */
const ARGON2ID = 2 as Algorithm;

/**
 * Password hashing with argon2id, stored as a PHC string.
 * Parameters: OWASP's first recommendation (m = 19 MiB, t = 2, p = 1).
 *
 * The hash runs in @node-rs/argon2 (the reference algorithm with SIMD, on libuv's thread pool): about 2.2×
 * faster per hash than Node's own `crypto.argon2` (OpenSSL's portable implementation) with the same
 * parameters and the same output, so stored hashes of either verify with the other (decisions 001 and 008,
 * amended; `bench/employee-import.bench.ts` prints both rates).
 */
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

function derive(
  password: string,
  salt: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return hashRaw(password, {
    algorithm: ARGON2ID,
    salt,
    memoryCost: p.memory,
    timeCost: p.passes,
    parallelism: p.parallelism,
    outputLen: p.tagLength,
  });
}

const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, saltB64, keyB64] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: verified against when the user does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}

/** A random password readable enough to type: 20 chars from an unambiguous alphabet. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}
