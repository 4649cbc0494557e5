/** Portals (spec). */
import type { ErrorDefinition } from './definition.ts';

export const portalsErrors = {
  PORTAL_NOT_WHITELISTED: {
    status: 403,
    message:
      'Dieses Portal ist für den Zugriff nicht freigegeben. Bitte wenden Sie sich an Ihre Administration.',
  },
  PORTAL_BLACKLISTED: {
    status: 403,
    message: 'Der Zugriff auf dieses Portal ist gesperrt. Bitte wenden Sie sich an Ihre Administration.',
  },
} as const satisfies Record<string, ErrorDefinition>;
