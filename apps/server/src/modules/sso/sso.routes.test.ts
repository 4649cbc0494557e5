import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '#modules/employees/employees.table.ts';
import { createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';
import { startOidcProvider, type TestOidcProvider } from '#test/oidc-provider.ts';
import { identityLinks } from './sso.table.ts';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const CLIENT_ID = 'schutzwerk';
const CLIENT_SECRET = 'test-geheimnis-0123456789-abcdef';

let op: TestOidcProvider;
let t: TestApp;
let counter = 0;

function ssoEnv(issuer: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    PUBLIC_URL,
    ...extra,
  };
}

/** A browser: cookies for the app (reached through inject) and for the provider (reached over HTTP). */
class Browser {
  readonly appCookies = new Map<string, string>();
  readonly opCookies = new Map<string, string>();
  readonly app: TestApp;
  constructor(app: TestApp) {
    this.app = app;
  }

  async toApp(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      cookie: [...this.appCookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const csrf = this.appCookies.get(CSRF_COOKIE);
    if (method === 'POST' && csrf) headers[CSRF_HEADER] = csrf;
    const res = await this.app.app.inject({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.appCookies.delete(c.name);
      else this.appCookies.set(c.name, c.value);
    }
    return res;
  }

  async toProvider(url: string, form?: URLSearchParams): Promise<Response> {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.opCookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) this.opCookies.delete(name.trim());
      else this.opCookies.set(name.trim(), value.join('='));
    }
    return res;
  }
}

/** Start at the app, sign in at the provider as `sub`; answers the callback path the provider sends back. */
async function throughProvider(browser: Browser, sub: string, redirect = '/employee/list'): Promise<string> {
  const start = await browser.toApp('GET', `/api/auth/sso/start?redirect=${encodeURIComponent(redirect)}`);
  expect(start.statusCode).toBe(303);
  let url = String(start.headers.location);
  expect(url.startsWith(`${op.issuer}/auth?`)).toBe(true);
  const auth = new URL(url).searchParams;
  expect(auth.get('code_challenge_method')).toBe('S256');
  expect(auth.get('state')).toBeTruthy();
  expect(auth.get('nonce')).toBeTruthy();
  let formPosted = false;
  for (let step = 0; step < 10; step++) {
    if (url.startsWith(PUBLIC_URL)) {
      // Signed in as `sub` through the form, not through an earlier provider session of this browser.
      expect(formPosted).toBe(true);
      return url.slice(PUBLIC_URL.length);
    }
    let res = await browser.toProvider(url);
    if (res.status === 200) {
      formPosted = true;
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      expect(action, html).toBeTruthy();
      res = await browser.toProvider(new URL(action!, url).toString(), new URLSearchParams({ login: sub }));
    }
    expect([302, 303]).toContain(res.status);
    url = new URL(res.headers.get('location')!, url).toString();
  }
  throw new Error('the provider did not send the browser back');
}

async function callback(browser: Browser, path: string) {
  const res = await browser.toApp('GET', path);
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

function ticketOf(location: string): string {
  const ticket = /#ticket=([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  if (!ticket) throw new Error(`no ticket in ${location}`);
  return ticket;
}

async function exchange(browser: Browser, ticket: string) {
  return browser.toApp('POST', '/api/auth/sso/exchange', { ticket });
}

/** The whole sign-in; answers the session token. */
async function signIn(sub: string): Promise<string> {
  const browser = new Browser(t);
  const location = await callback(browser, await throughProvider(browser, sub));
  const res = await exchange(browser, ticketOf(location));
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

function account(preferredUsername: string, extra: { email?: string } = {}) {
  counter += 1;
  const sub = `op-subject-${process.pid}-${counter}`;
  op.addAccount({ sub, preferred_username: preferredUsername, name: 'Irrelevanter Anzeigename', ...extra });
  return sub;
}

async function asUser(token: string) {
  const client = t.client();
  client.token = token;
  return client;
}

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`],
        postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
      },
      {
        clientId: 'ein-anderer-client',
        clientSecret: 'anderes-geheimnis-0123456789',
        redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`],
      },
    ],
  });
  t = await createTestApp({ env: ssoEnv(op.issuer) });
});

afterAll(async () => {
  await t?.close();
  await op?.close();
});

describe('single sign-on (OpenID Connect)', () => {
  it('tells the login page that it is configured, with the button label', async () => {
    const res = await t.client().get('/api/auth/sso');
    expect(res.json()).toEqual({ data: { enabled: true, label: 'Mit Firmenkonto anmelden' } });
  });

  it('walks the whole flow: provider, callback, ticket, session with loggedInViaADFS and a provider logout', async () => {
    const sub = account('SIFA');
    const browser = new Browser(t);
    const location = await callback(browser, await throughProvider(browser, sub, '/employee/list'));
    expect(location).toMatch(/^\/login\/sso\?redirect=%2Femployee%2Flist#ticket=[A-Za-z0-9_-]{43}$/);
    const ticket = ticketOf(location);

    const exchanged = await exchange(browser, ticket);
    expect(exchanged.statusCode).toBe(200);
    const token = exchanged.json().token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The ticket is single use.
    const again = await exchange(browser, ticket);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('SSO_LOGIN_EXPIRED');

    const client = await asUser(token);
    const user = (await client.get('/api/auth/user')).json().data;
    expect(user.loggedInViaADFS).toBe(true);
    expect(user.employee.loginName).toBe('sifa');

    const links = await t.database.db.select().from(identityLinks).where(eq(identityLinks.subject, sub));
    expect(links).toEqual([expect.objectContaining({ issuer: op.issuer, employeeId: user.employee.id })]);

    // The password lives at the provider.
    const change = await client.post('/api/auth/changePassword', {
      currentPassword: 'egal',
      newPassword: 'Neu-2026-Kennwort',
    });
    expect(change.statusCode).toBe(403);

    const logoutUrl = new URL((await client.get('/api/auth/AdfsLogoutUrl')).json().data.url as string);
    expect(logoutUrl.origin + logoutUrl.pathname).toBe(`${op.issuer}/session/end`);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(logoutUrl.searchParams.get('id_token_hint')).toMatch(/^ey/);
    // The provider accepts it (asks to confirm the sign-out rather than showing an error).
    const endSession = await browser.toProvider(logoutUrl.toString());
    expect(endSession.status).toBe(200);
    expect(await endSession.text()).toContain('Ja, abmelden');

    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('finds a linked identity by issuer and subject, even after the claim changed at the provider', async () => {
    const sub = account('fuehrung');
    const first = await asUser(await signIn(sub));
    const id = (await first.get('/api/auth/user')).json().data.employee.id;
    op.addAccount({ sub, preferred_username: 'mitarbeiter' });
    const second = await asUser(await signIn(sub));
    expect((await second.get('/api/auth/user')).json().data.employee.id).toBe(id);
  });

  it('refuses an id_token from another issuer', async () => {
    const sub = account('sifa');
    const browser = new Browser(t);
    const path = await throughProvider(browser, sub);
    op.tamperNextToken('wrong-issuer');
    expect(await callback(browser, path)).toBe('/login?ssoError=SSO_FAILED');
  });

  it('refuses an id_token issued for another client (audience)', async () => {
    const sub = account('sifa');
    const browser = new Browser(t);
    const path = await throughProvider(browser, sub);
    op.tamperNextToken('wrong-audience');
    expect(await callback(browser, path)).toBe('/login?ssoError=SSO_FAILED');
  });

  it('refuses a replayed state, and a state from another browser', async () => {
    const sub = account('sifa');
    const browser = new Browser(t);
    const path = await throughProvider(browser, sub);
    // Another browser (a forged sign-in link): not bound to it, and the attempt uses the state up.
    const other = new Browser(t);
    expect(await callback(other, path)).toBe('/login?ssoError=SSO_LOGIN_EXPIRED');
    expect(await callback(browser, path)).toBe('/login?ssoError=SSO_LOGIN_EXPIRED');

    const again = new Browser(t);
    const fresh = await throughProvider(again, sub);
    expect(await callback(again, fresh)).toMatch(/^\/login\/sso\?/);
    expect(await callback(again, fresh)).toBe('/login?ssoError=SSO_LOGIN_EXPIRED');
  });

  it('refuses a ticket from another browser', async () => {
    const browser = new Browser(t);
    const location = await callback(browser, await throughProvider(browser, account('sifa')));
    const other = new Browser(t);
    await other.toApp('GET', '/api/auth/csrf');
    const res = await exchange(other, ticketOf(location));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('SSO_LOGIN_EXPIRED');
  });

  it('answers SSO_UNKNOWN_USER for a subject without a matching employee (never by display name)', async () => {
    const sub = account('niemand.bekannt');
    op.addAccount({ sub, preferred_username: 'niemand.bekannt', name: 'Hoffmann, Katrin' });
    const browser = new Browser(t);
    expect(await callback(browser, await throughProvider(browser, sub))).toBe(
      '/login?ssoError=SSO_UNKNOWN_USER',
    );
    const links = await t.database.db.select().from(identityLinks).where(eq(identityLinks.subject, sub));
    expect(links).toHaveLength(0);
  });

  it('refuses inactive employees, at the first sign-in and once linked', async () => {
    const inactive = await createUser(t.database.db, { active: false });
    const browser = new Browser(t);
    expect(await callback(browser, await throughProvider(browser, account(inactive.login)))).toBe(
      '/login?ssoError=USER_INACTIVE',
    );

    const user = await createUser(t.database.db);
    const sub = account(user.login);
    await signIn(sub);
    await t.database.db.update(employees).set({ active: false }).where(eq(employees.id, user.id));
    const again = new Browser(t);
    expect(await callback(again, await throughProvider(again, sub))).toBe('/login?ssoError=USER_INACTIVE');
  });

  it('starts no sign-in with a foreign return address', async () => {
    const browser = new Browser(t);
    const location = await callback(
      browser,
      await throughProvider(browser, account('sifa'), '//evil.example'),
    );
    expect(location).toMatch(/^\/login\/sso\?redirect=%2F#ticket=/);
  });

  it('AdfsLogoutUrl stays empty for a local session', async () => {
    const client = await t.login('sifa');
    expect((await client.get('/api/auth/AdfsLogoutUrl')).json()).toEqual({ data: { url: '' } });
  });
});

describe('single sign-on linked by e-mail', () => {
  let mailApp: TestApp;
  beforeAll(async () => {
    mailApp = await createTestApp({
      env: ssoEnv(op.issuer, { OIDC_LINK_CLAIM: 'email', OIDC_LINK_FIELD: 'email' }),
    });
  });
  afterAll(async () => {
    await mailApp?.close();
  });

  async function userWithEmail(email: string) {
    const user = await createUser(mailApp.database.db);
    await mailApp.database.db.update(employees).set({ email }).where(eq(employees.id, user.id));
    return user;
  }

  function mailAccount(email: string, emailVerified = true) {
    counter += 1;
    const sub = `mail-subject-${process.pid}-${counter}`;
    op.addAccount({ sub, email, email_verified: emailVerified });
    return sub;
  }

  it('links through the e-mail claim (read from userinfo), case-insensitively', async () => {
    const user = await userWithEmail(`sso.${process.pid}.${counter}@rheinwerk.example`);
    const sub = mailAccount(`SSO.${process.pid}.${counter}@RHEINWERK.example`);
    const browser = new Browser(mailApp);
    const location = await callback(browser, await throughProvider(browser, sub));
    const res = await exchange(browser, ticketOf(location));
    expect(res.statusCode).toBe(200);
    const rows = await mailApp.database.db.select().from(identityLinks).where(eq(identityLinks.subject, sub));
    expect(rows.map((r) => r.employeeId)).toEqual([user.id]);
  });

  it('refuses an address that matches several employees, and one the provider marks unverified', async () => {
    const shared = `geteilt.${process.pid}@rheinwerk.example`;
    await userWithEmail(shared);
    await userWithEmail(shared.toUpperCase());
    const browser = new Browser(mailApp);
    expect(await callback(browser, await throughProvider(browser, mailAccount(shared)))).toBe(
      '/login?ssoError=SSO_USER_AMBIGUOUS',
    );

    const single = `einzeln.${process.pid}@rheinwerk.example`;
    await userWithEmail(single);
    // A new browser: the first one still has a session at the provider.
    const other = new Browser(mailApp);
    expect(await callback(other, await throughProvider(other, mailAccount(single, false)))).toBe(
      '/login?ssoError=SSO_UNKNOWN_USER',
    );
  });
});

describe('single sign-on not configured or provider down', () => {
  it('is off without configuration: the login page shows no button, start goes back to /login', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.client().get('/api/auth/sso')).json()).toEqual({
        data: { enabled: false, label: '' },
      });
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/sso/start' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?ssoError=SSO_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });

  it('a provider outage gives SSO_PROVIDER_UNAVAILABLE, not a crash; the app itself starts', async () => {
    const down = await createTestApp({ env: ssoEnv('http://127.0.0.1:9/nicht-da') });
    try {
      expect((await down.client().get('/api/auth/sso')).json().data.enabled).toBe(true);
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/sso/start' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?ssoError=SSO_PROVIDER_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
