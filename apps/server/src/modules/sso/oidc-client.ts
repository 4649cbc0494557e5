import * as client from 'openid-client';
import { AppError } from '#platform/errors.ts';
import { isLoopbackUrl, type OidcSettings } from '#src/config.ts';

/**
 * The OpenID Connect client (openid-client v6). Discovery happens at first use and is cached per
 * configuration, so a provider outage at start-up does not stop the application; a failed discovery is
 * not cached and is tried again on the next sign-in.
 *
 * Nothing is relaxed: the discovered issuer must equal OIDC_ISSUER exactly, the id_token's iss, aud
 * (our client id), azp, exp/iat, nonce and the authorization response's state (and iss, RFC 9207) are
 * checked by the library, PKCE (S256) is always used, and the id_token's signature is verified against
 * the provider's keys (non-repudiation checks). Plain http is allowed only for a provider on this
 * machine (tests, development); config.ts refuses it otherwise.
 */
export type OidcClient = ReturnType<typeof createOidcClient>;

export function createOidcClient(options: { fetch?: typeof fetch } = {}) {
  let cached: { key: string; configuration: Promise<client.Configuration> } | undefined;

  async function discover(settings: OidcSettings): Promise<client.Configuration> {
    const insecure = settings.issuer.startsWith('http://') && isLoopbackUrl(settings.issuer);
    const configuration = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      client.ClientSecretPost(settings.clientSecret),
      {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
      },
    );
    client.enableNonRepudiationChecks(configuration);
    return configuration;
  }

  return {
    /** The discovered configuration; AppError SSO_PROVIDER_UNAVAILABLE when the provider cannot be asked. */
    async configuration(settings: OidcSettings): Promise<client.Configuration> {
      const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
      if (cached?.key !== key) {
        const configuration = discover(settings);
        cached = { key, configuration };
        configuration.catch(() => {
          if (cached?.configuration === configuration) cached = undefined;
        });
      }
      try {
        return await cached.configuration;
      } catch (error) {
        throw new AppError('SSO_PROVIDER_UNAVAILABLE', { cause: error });
      }
    },
  };
}

export function redirectUri(settings: OidcSettings): string {
  return `${settings.publicUrl}/api/auth/sso/callback`;
}

export function postLogoutRedirectUri(settings: OidcSettings): string {
  return `${settings.publicUrl}/login`;
}
