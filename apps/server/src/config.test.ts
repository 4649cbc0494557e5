import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demoData: true,
      databaseUrl: undefined,
      adminPassword: undefined,
      scheduler: true,
      pgliteThread: 'worker',
    });
    expect(config.session).toEqual({ idleMs: 60 * 60_000, absoluteMs: 12 * 3_600_000 });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('parses the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DEMO_DATA: 'false',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_IDLE_MINUTES: '15',
      SESSION_ABSOLUTE_HOURS: '8',
      SCHEDULER: 'false',
      PGLITE_THREAD: 'main',
    });
    expect(config).toMatchObject({
      port: 8080,
      demoData: false,
      databaseUrl: 'postgres://u@h/db',
      scheduler: false,
      pgliteThread: 'main',
    });
    expect(config.session).toEqual({ idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000 });
  });

  it('names every bad variable in one German message', () => {
    const bad = () =>
      loadConfig({
        PORT: 'achtzig',
        DEMO_DATA: 'vielleicht',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'kurz',
        PGLITE_THREAD: 'both',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Ungültige Konfiguration:/);
      for (const name of ['PORT', 'DEMO_DATA', 'DATABASE_URL', 'ADMIN_PASSWORD', 'PGLITE_THREAD'])
        expect(message).toContain(name);
      expect(message).toContain('erwartet worker oder main');
      expect(message).toContain('mindestens 8 Zeichen');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
  describe('single sign-on (OIDC_*)', () => {
    const complete = {
      OIDC_ISSUER: 'https://login.example.de/realms/firma',
      OIDC_CLIENT_ID: 'schutzwerk',
      OIDC_CLIENT_SECRET: 'geheim',
      PUBLIC_URL: 'https://schutzwerk.example.de/',
    };

    it('is off without OIDC_ISSUER, with defaults for claim, field and button label when on', () => {
      expect(loadConfig({}).oidc).toBeUndefined();
      expect(loadConfig(complete).oidc).toEqual({
        issuer: 'https://login.example.de/realms/firma',
        clientId: 'schutzwerk',
        clientSecret: 'geheim',
        linkClaim: 'preferred_username',
        linkField: 'loginName',
        buttonLabel: 'Mit Firmenkonto anmelden',
        publicUrl: 'https://schutzwerk.example.de',
      });
    });

    it('names missing and bad SSO variables in German', () => {
      const message = (env: NodeJS.ProcessEnv) => {
        try {
          loadConfig(env);
        } catch (error) {
          return (error as Error).message;
        }
        return '';
      };
      const incomplete = message({ OIDC_ISSUER: 'https://login.example.de' });
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'])
        expect(incomplete).toContain(`${name}: fehlt`);
      expect(message({ ...complete, OIDC_ISSUER: 'http://login.example.de' })).toContain(
        'muss mit https:// beginnen',
      );
      expect(message({ ...complete, OIDC_LINK_FIELD: 'name' })).toContain('erwartet loginName oder email');
      expect(message({ ...complete, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toBe('');
    });
  });
});
