import { z } from 'zod';

/** Whether the login page offers single sign-on, and the button's label. */
export const ssoStatusSchema = z.object({ enabled: z.boolean(), label: z.string() });
export type SsoStatus = z.infer<typeof ssoStatusSchema>;
export const ssoStatusResponseSchema = z.object({ data: ssoStatusSchema });

/** Where the browser goes after the sign-in (a path of this application). */
export const ssoStartQuerySchema = z.object({ redirect: z.string().max(2000).optional() });

/** The provider's answer to the redirect URI; the library reads the whole URL, these are only listed. */
export const ssoCallbackQuerySchema = z.looseObject({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

/** The one-time ticket the callback handed to the web app (in the URL fragment of /login/sso). */
export const ssoExchangeSchema = z.object({ ticket: z.string().min(16).max(200) });
export type SsoExchange = z.infer<typeof ssoExchangeSchema>;

export { SSO_ERROR_PARAM } from '../constants.ts';
/** The web route the callback sends the browser to, with `#ticket=…`. */
export const SSO_TICKET_PATH = '/login/sso';
