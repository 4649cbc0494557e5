import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encryption at rest for secrets kept in the database (SMTP password, OIDC client secret, …):
 * AES-256-GCM with a random IV per value. The key comes from SECRET_KEY (any string of at least 32
 * characters; several app instances on one PostgreSQL must share it) or, when that is not set, from
 * DATA_DIR/secret.key, created with 32 random bytes on first use. Losing the key makes the stored
 * secrets unreadable (they must be entered again), nothing else.
 */
export type SecretBox = {
  encrypt(plain: string): string;
  /** Throws SecretUnreadableError when the value was sealed with another key or is damaged. */
  decrypt(sealed: string): string;
};

export class SecretUnreadableError extends Error {}

const PREFIX = 'v1';

export function createSecretBox(source: { secretKey: string | undefined; dataDir: string }): SecretBox {
  let key: Buffer | undefined;
  const getKey = (): Buffer => {
    if (key) return key;
    if (source.secretKey) {
      key = createHash('sha256').update(source.secretKey, 'utf8').digest();
      return key;
    }
    const file = path.join(source.dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(source.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        // Another process created it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const raw = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (raw.length !== 32) throw new Error(`${file} enthält keinen gültigen Schlüssel (32 Byte, Base64).`);
    key = raw;
    return key;
  };
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        PREFIX,
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        body.toString('base64'),
      ].join(':');
    },
    decrypt(sealed) {
      const [prefix, iv, tag, body] = sealed.split(':');
      if (prefix !== PREFIX || !iv || !tag || body === undefined)
        throw new SecretUnreadableError('unknown format');
      try {
        const decipher = createDecipheriv('aes-256-gcm', getKey(), Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretUnreadableError('wrong key or damaged value');
      }
    },
  };
}
