/**
 * The public face of the settings module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// A secret sealed to its settings category (mail), and the installation's licence (wiring in app.ts).
export { type BoundSecret, requireBoundSecret } from './bound-secret.ts';
export { installationLicence } from './license.ts';
// Per-portal categories read by server code: the instructions' settings (tab „Unterweisungen“).
export { instructionSettings, readPortalSettings } from './portal-settings.ts';
// The module factory (wiring in app.ts) and the service other modules get handed there.
export { settingsModule } from './settings.module.ts';
export type { SettingsService } from './settings.service.ts';
