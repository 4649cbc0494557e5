import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 with a random port, for the
 * single sign-on tests (API tests and the e2e global-setup).
 *
 * - Sign-in: the interaction page is a tiny German form ("Benutzer", "Beim Identitätsanbieter anmelden")
 *   that takes an account's subject; API tests post it, the browser test fills it in. Consent is granted
 *   automatically (a first-party client), so no consent page.
 * - Tampering, for the negative tests: `tamperNextToken('wrong-audience' | 'wrong-issuer')` re-signs the
 *   next id_token the token endpoint issues with the provider's own key, its `aud` or `iss` changed —
 *   what a provider answering for another client or another issuer would send.
 */
export type TestAccount = {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
};

export type TestClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
};

export type TamperMode = 'wrong-audience' | 'wrong-issuer';

export type TestOidcProvider = {
  issuer: string;
  addAccount(account: TestAccount): void;
  tamperNextToken(mode: TamperMode): void;
  close(): Promise<void>;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: {
  clients: TestClient[];
  accounts?: TestAccount[];
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.sub, account);

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key-1';
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  void publicKey;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [privateJwk as never] },
    cookies: { keys: ['test-cookie-key-schutzwerk-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page(
            'Vom Identitätsanbieter abmelden?',
            `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Ja, abmelden</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page('Abgemeldet', '<p>Sie sind beim Identitätsanbieter abgemeldet.</p>');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: the consent is given with the sign-in.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Fehler beim Identitätsanbieter', `<pre>${escapeHtml(JSON.stringify(out))}</pre>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleProvider = provider.callback();

  let tamper: TamperMode | undefined;

  async function resign(idToken: string, mode: TamperMode): Promise<string> {
    const claims = decodeJwt(idToken);
    const header = decodeProtectedHeader(idToken);
    const changed =
      mode === 'wrong-audience'
        ? { ...claims, aud: 'ein-anderer-client', azp: 'ein-anderer-client' }
        : { ...claims, iss: 'http://127.0.0.1:1/fremder-anbieter' };
    return new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: header.kid ?? kid }).sign(privateKey);
  }

  /** Replaces the id_token in the token endpoint's JSON answer (once, when a tamper mode is set). */
  function interceptToken(res: http.ServerResponse, mode: TamperMode): void {
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
    (res as { end: unknown }).end = (chunk?: unknown) => {
      const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : typeof chunk === 'string' ? chunk : '';
      let body: { id_token?: string } | undefined;
      try {
        body = JSON.parse(text) as { id_token?: string };
      } catch {
        body = undefined;
      }
      if (!body?.id_token) return end(chunk);
      void resign(body.id_token, mode).then((idToken) => {
        const replaced = JSON.stringify({ ...body, id_token: idToken });
        res.setHeader('content-length', Buffer.byteLength(replaced));
        end(replaced);
      });
      return res;
    };
  }

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'POST') {
      const form = await readForm(req);
      const login = (form.get('login') ?? '').trim();
      const account = accounts.get(login);
      if (!account) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          page(
            'Anmeldung beim Identitätsanbieter',
            `<p role="alert">Unbekannter Benutzer.</p>${loginForm(uid)}`,
          ),
        );
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page('Anmeldung beim Identitätsanbieter', loginForm(uid)));
  }

  function loginForm(uid: string): string {
    return `<form method="post" action="/interaction/${escapeHtml(uid)}"><label>Benutzer <input name="login" autocomplete="off"></label><button type="submit">Beim Identitätsanbieter anmelden</button></form>`;
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (match?.[1]) {
      interaction(req, res, match[1]).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`interaction failed: ${String(error)}`);
      });
      return;
    }
    if (tamper && req.method === 'POST' && url.pathname === '/token') {
      interceptToken(res, tamper);
      tamper = undefined;
    }
    void handleProvider(req, res);
  });

  return {
    issuer,
    addAccount(account) {
      accounts.set(account.sub, account);
    },
    tamperNextToken(mode) {
      tamper = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
