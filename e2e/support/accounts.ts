/** Passwords the e2e server is started with (global-setup) and the demo accounts it seeds. */
export const ADMIN_PASSWORD = 'Admin-E2E-2026!';
export const DEMO_PASSWORD = 'Demo-E2E-2026!';

export const ACCOUNTS = {
  admin: { username: 'admin', password: ADMIN_PASSWORD },
  sifa: { username: 'sifa', password: DEMO_PASSWORD },
  fuehrung: { username: 'fuehrung', password: DEMO_PASSWORD },
  mitarbeiter: { username: 'mitarbeiter', password: DEMO_PASSWORD },
} as const;

export type AccountName = keyof typeof ACCOUNTS;
