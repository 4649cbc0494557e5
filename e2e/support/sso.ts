/** Accounts of the OpenID provider that e2e/global-setup.ts starts (sub = what its login form takes). */
export const SSO_ACCOUNTS = {
  /** Linked on the first sign-in to the demo employee 'mitarbeiter' through preferred_username. */
  mitarbeiter: { sub: 'idp-mitarbeiter', preferred_username: 'mitarbeiter', name: 'Demo Mitarbeiter' },
  /** No employee has this login name. */
  unbekannt: { sub: 'idp-unbekannt', preferred_username: 'nicht.in.schutzwerk', name: 'Unbekannte Person' },
} as const;
