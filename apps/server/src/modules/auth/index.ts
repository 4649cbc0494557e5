/**
 * The public face of the auth module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory and the password policy (wiring in app.ts; employees and the import check passwords with it).
export { authModule } from './auth.module.ts';
export { createPasswordPolicyService, type PasswordPolicyService } from './password-policy.service.ts';
