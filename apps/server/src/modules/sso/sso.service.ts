import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SsoStatus } from '@schutzwerk/shared/auth/sso.schema.ts';
import * as client from 'openid-client';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import type { SessionStore } from '#platform/sessions.ts';
import type { OidcSettings } from '#src/config.ts';
import { type OidcClient, postLogoutRedirectUri, redirectUri } from './oidc-client.ts';
import type { SsoRepository } from './sso.repository.ts';

/** How long a started sign-in may take at the provider. */
export const PENDING_LOGIN_TTL_MS = 10 * 60_000;
/** How long the web app has to exchange the ticket for a session token. */
export const TICKET_TTL_MS = 60_000;

/** The configuration in force (environment now; later perhaps the settings screen): null = no SSO. */
export type OidcSettingsSource = () => Promise<OidcSettings | null>;

type Logger = { warn(obj: object, message: string): void; info(obj: object, message: string): void };

type Deps = {
  db: Db;
  repository: SsoRepository;
  sessions: Pick<SessionStore, 'create' | 'ssoIdTokenOf'>;
  throttle: Pick<LoginThrottle, 'registerAttempt' | 'recordSuccess'>;
  oidc: OidcClient;
  settings: OidcSettingsSource;
};

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Only a path of this application is followed after the sign-in (never another site, never /login). */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  return value;
}

/** Failed sign-ins through SSO are counted per address (the login throttle's table, its own key). */
const throttleKey = (ip: string) => ({ account: `sso-ip:${ip}` });

export function createSsoService({ db, repository, sessions, throttle, oidc, settings }: Deps) {
  async function requireSettings(): Promise<OidcSettings> {
    const current = await settings();
    if (!current) throw new AppError('SSO_NOT_CONFIGURED');
    return current;
  }

  /** The value of the configured claim: from the id_token, else from the userinfo endpoint. */
  async function linkClaim(
    current: OidcSettings,
    configuration: client.Configuration,
    claims: client.IDToken,
    accessToken: string,
  ): Promise<string | undefined> {
    let value: unknown = claims[current.linkClaim];
    let emailVerified: unknown = claims.email_verified;
    if (value === undefined && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, accessToken, claims.sub);
      value = info[current.linkClaim];
      emailVerified = info.email_verified;
    }
    // An e-mail address the provider itself calls unverified must not take over an employee.
    if (current.linkClaim === 'email' && emailVerified === false) return undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }

  /** issuer + subject → employee; the first time through the configured claim (exactly one match). */
  async function matchEmployee(
    current: OidcSettings,
    configuration: client.Configuration,
    claims: client.IDToken,
    accessToken: string,
    log: Logger,
  ): Promise<number> {
    const linked = await repository.findLinkedEmployee(db, claims.iss, claims.sub);
    if (linked) {
      if (!linked.active) throw new AppError('USER_INACTIVE');
      return linked.id;
    }
    const value = await linkClaim(current, configuration, claims, accessToken);
    const candidates = value ? await repository.findByField(db, current.linkField, value) : [];
    const active = candidates.filter((c) => c.active);
    if (candidates.length === 0) {
      log.warn(
        { issuer: claims.iss, subject: claims.sub, claim: current.linkClaim, hasValue: Boolean(value) },
        'single sign-on: no employee matches the identity',
      );
      throw new AppError('SSO_UNKNOWN_USER');
    }
    if (candidates.length > 1) throw new AppError('SSO_USER_AMBIGUOUS');
    const [only] = active;
    if (!only) throw new AppError('USER_INACTIVE');
    const link = await db.transaction(async (tx) => {
      const result = await repository.insertLink(tx, {
        issuer: claims.iss,
        subject: claims.sub,
        employeeId: only.id,
      });
      if (result.created) {
        await recordChange(tx, {
          entity: 'identity_link',
          entityId: result.employeeId,
          state: LOG_STATE.CREATED,
          actorId: null,
          changes: { identity: { from: null, to: `${claims.iss} ${claims.sub}` } },
        });
      }
      return result;
    });
    log.info({ employeeId: link.employeeId, issuer: claims.iss }, 'single sign-on: identity linked');
    return link.employeeId;
  }

  return {
    async status(): Promise<SsoStatus> {
      const current = await settings();
      return current ? { enabled: true, label: current.buttonLabel } : { enabled: false, label: '' };
    },

    /**
     * Starts a sign-in: state, nonce and PKCE verifier are kept server-side (state hashed), bound to the
     * browser's cookie value; answers the provider's authorisation URL.
     */
    async start(browserId: string, redirect: string | undefined): Promise<string> {
      const current = await requireSettings();
      const configuration = await oidc.configuration(current);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await repository.purgeExpired(db);
      await repository.insertPendingLogin(db, {
        stateHash: hash(state),
        browserHash: hash(browserId),
        nonce,
        codeVerifier,
        returnTo: safeReturnPath(redirect),
        expiresAt: new Date(Date.now() + PENDING_LOGIN_TTL_MS),
      });
      return client
        .buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri(current),
          scope: 'openid profile email',
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * The provider's answer: the pending login is taken (once), the code is exchanged and the id_token
     * checked by the library, the identity matched to an employee. Answers a one-time ticket (hashed in
     * the database, 60 s) and the path to return to.
     */
    async callback(
      browserId: string | undefined,
      query: Record<string, unknown>,
      meta: { ip: string; log: Logger },
    ): Promise<{ ticket: string; returnTo: string }> {
      const current = await requireSettings();
      await throttle.registerAttempt(throttleKey(meta.ip));
      const state = typeof query.state === 'string' ? query.state : '';
      const pending = state ? await repository.takePendingLogin(db, hash(state)) : undefined;
      if (
        !pending ||
        pending.expiresAt.getTime() < Date.now() ||
        !browserId ||
        !sameHash(pending.browserHash, hash(browserId))
      ) {
        throw new AppError('SSO_LOGIN_EXPIRED');
      }
      const configuration = await oidc.configuration(current);
      const callbackUrl = new URL(redirectUri(current));
      for (const [key, value] of Object.entries(query)) {
        if (typeof value === 'string') callbackUrl.searchParams.set(key, value);
      }
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          expectedState: state,
          expectedNonce: pending.nonce,
          pkceCodeVerifier: pending.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        // The library's error names the failed check (claim, expected value); no tokens in it.
        meta.log.warn({ err: error }, 'single sign-on: the provider answer was refused');
        throw new AppError('SSO_FAILED', { cause: error });
      }
      const claims = tokens.claims();
      if (!claims) throw new AppError('SSO_FAILED');
      const employeeId = await matchEmployee(current, configuration, claims, tokens.access_token, meta.log);
      await throttle.recordSuccess(throttleKey(meta.ip));
      const ticket = randomToken();
      await repository.insertTicket(db, {
        ticketHash: hash(ticket),
        browserHash: pending.browserHash,
        employeeId,
        idToken: tokens.id_token ?? null,
        expiresAt: new Date(Date.now() + TICKET_TTL_MS),
      });
      return { ticket, returnTo: pending.returnTo };
    },

    /** Ticket → session token (once, within 60 s, in the browser that started the sign-in). */
    async exchange(
      browserId: string | undefined,
      ticket: string,
      meta: { ip: string; userAgent?: string },
    ): Promise<string> {
      await throttle.registerAttempt(throttleKey(meta.ip));
      const row = await repository.takeTicket(db, hash(ticket));
      if (
        !row ||
        row.expiresAt.getTime() < Date.now() ||
        !browserId ||
        !sameHash(row.browserHash, hash(browserId))
      ) {
        throw new AppError('SSO_LOGIN_EXPIRED');
      }
      if (!(await repository.isActive(db, row.employeeId))) throw new AppError('USER_INACTIVE');
      await throttle.recordSuccess(throttleKey(meta.ip));
      const token = await sessions.create(db, row.employeeId, {
        ip: meta.ip,
        viaSso: true,
        ...(row.idToken ? { ssoIdToken: row.idToken } : {}),
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      });
      return token;
    },

    /** The provider's end-session URL for an SSO session (with id_token_hint), '' otherwise. */
    async logoutUrl(actor: Actor, log: Logger): Promise<string> {
      if (!actor.viaSso) return '';
      const current = await settings();
      if (!current) return '';
      try {
        const configuration = await oidc.configuration(current);
        if (!configuration.serverMetadata().end_session_endpoint) return '';
        const idToken = await sessions.ssoIdTokenOf(actor.sessionHash);
        return client
          .buildEndSessionUrl(configuration, {
            post_logout_redirect_uri: postLogoutRedirectUri(current),
            ...(idToken ? { id_token_hint: idToken } : {}),
          })
          .toString();
      } catch (error) {
        // The local session ends anyway; the provider's session then stays until it expires there.
        log.warn({ err: String(error) }, 'single sign-on: no provider logout address');
        return '';
      }
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
