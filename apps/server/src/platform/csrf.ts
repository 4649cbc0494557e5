import '@fastify/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Double-submit CSRF protection: the server sets cookie XSRF-TOKEN (readable by the page) on any response
 * whose request lacked it; every state-changing request must echo it in header X-XSRF-TOKEN.
 * Returns the token in force for this request.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && TOKEN_FORMAT.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'strict',
    secure: request.protocol === 'https',
    httpOnly: false,
  });
  return token;
}

export function csrfSatisfied(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !TOKEN_FORMAT.test(cookie) || !TOKEN_FORMAT.test(header))
    return false;
  return timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
}
