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
    });
    expect(config).toMatchObject({
      port: 8080,
      demoData: false,
      databaseUrl: 'postgres://u@h/db',
      scheduler: false,
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
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Ungültige Konfiguration:/);
      for (const name of ['PORT', 'DEMO_DATA', 'DATABASE_URL', 'ADMIN_PASSWORD'])
        expect(message).toContain(name);
      expect(message).toContain('mindestens 8 Zeichen');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
