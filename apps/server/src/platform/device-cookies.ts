import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from './secrets.ts';

/**
 * Device cookies (decision 028, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser in which an account signed in successfully gets a sealed cookie for that account. A later sign-in of
 * the same account from that browser is throttled per device only, so a flood of failed sign-ins from a shared
 * company address (or against one account) does not lock out people whose browser is known. The cookie is no
 * credential: the password is still checked. It is sealed with the secret box (AES-256-GCM), so it can be
 * neither read nor forged, and it names the account, so it is worthless for another one.
 */
export const DEVICE_COOKIE_PREFIX = 'sw_device_';
const COOKIE_PATH = '/api/auth/login_local';
export const DEVICE_COOKIE_MAX_AGE_DAYS = 180;
const MAX_AGE_MS = DEVICE_COOKIE_MAX_AGE_DAYS * 24 * 3_600_000;

type Payload = { u: string; d: string; t: number };

function normalise(username: string): string {
  return username.trim().toLowerCase();
}

/** One cookie per account (a shared shop-floor PC knows several accounts), named by a hash of the login. */
export function deviceCookieName(username: string): string {
  return `${DEVICE_COOKIE_PREFIX}${createHash('sha256').update(normalise(username)).digest('hex').slice(0, 16)}`;
}

export function createDeviceCookies(secrets: SecretBox, now: () => number = Date.now) {
  return {
    /** The device id of a valid cookie for this account in the request, else undefined. */
    read(request: FastifyRequest, username: string): string | undefined {
      const sealed = request.cookies[deviceCookieName(username)];
      if (!sealed || sealed.length > 512) return undefined;
      try {
        const payload = JSON.parse(secrets.decrypt(sealed)) as Partial<Payload>;
        if (payload.u !== normalise(username) || typeof payload.d !== 'string') return undefined;
        if (typeof payload.t !== 'number' || now() - payload.t > MAX_AGE_MS || payload.t > now() + 60_000) {
          return undefined;
        }
        return payload.d;
      } catch {
        return undefined; // another key, damaged or forged
      }
    },
    /** After a successful sign-in: a fresh cookie for this account (a new device id each time). */
    issue(request: FastifyRequest, reply: FastifyReply, username: string): void {
      const payload: Payload = { u: normalise(username), d: randomBytes(16).toString('base64url'), t: now() };
      reply.setCookie(deviceCookieName(username), secrets.encrypt(JSON.stringify(payload)), {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: MAX_AGE_MS / 1000,
      });
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
