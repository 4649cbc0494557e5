import { z } from 'zod';

export const loginLocalSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1024),
});
export type LoginLocal = z.infer<typeof loginLocalSchema>;

export const loginResponseSchema = z.object({ token: z.string() });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const sessionEmployeeSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string().nullable(),
  lastName: z.string().nullable(),
  firstName: z.string().nullable(),
  loginName: z.string().nullable(),
  email: z.string().nullable(),
});
export type SessionEmployee = z.infer<typeof sessionEmployeeSchema>;

export const sessionScopeSchema = z.object({
  portalId: z.number().int(),
  portalName: z.string(),
  isMainPortal: z.boolean(),
});

export const currentUserSchema = z.object({
  employee: sessionEmployeeSchema,
  loggedInViaADFS: z.boolean(),
  /** The first-login dialog must be completed before anything else (never for single sign-on). */
  mustChangePassword: z.boolean(),
  scope: sessionScopeSchema,
  permissions: z.array(z.number().int()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserResponseSchema = z.object({ data: currentUserSchema });
export const adfsLogoutUrlResponseSchema = z.object({ data: z.object({ url: z.string() }) });
export const csrfResponseSchema = z.object({ data: z.object({ token: z.string() }) });

export const passwordPolicySchema = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  minUppercase: z.number().int(),
  minLowercase: z.number().int(),
  minDigits: z.number().int(),
  minSpecial: z.number().int(),
  allowedSpecials: z.string(),
  refuseCommon: z.boolean(),
});
export const passwordPolicyResponseSchema = z.object({ data: passwordPolicySchema });

/** Spec modules.md §5: first login asks for first and last name and the new password twice. */
export const PASSWORDS_DO_NOT_MATCH = 'Die Passwörter stimmen nicht überein!';

export const firstLoginSchema = z.object({
  firstName: z.string().trim().min(1, { message: 'Bitte geben Sie Ihren Vornamen ein.' }).max(100),
  lastName: z.string().trim().min(1, { message: 'Bitte geben Sie Ihren Nachnamen ein.' }).max(100),
  newPassword: z.string().min(1, { message: 'Ein neues Passwort muss angegeben werden.' }).max(1024),
  repeatPassword: z.string().min(1, { message: 'Das neue Passwort muss wiederholt werden.' }).max(1024),
});
export type FirstLogin = z.infer<typeof firstLoginSchema>;

export const lostPasswordSchema = z.object({
  username: z.string().trim().min(1, { message: 'Bitte geben Sie Ihren Benutzernamen ein.' }).max(200),
});
export type LostPassword = z.infer<typeof lostPasswordSchema>;

/** The one answer to "Passwort vergessen?", whether or not the user exists (decision 012). */
export const LOST_PASSWORD_ANSWER =
  'Falls zu diesem Benutzernamen ein aktives Konto mit E-Mail-Adresse gehört, erhalten Sie in Kürze eine E-Mail mit einem neuen Passwort. Es ist 2 Stunden gültig.';
export const lostPasswordResponseSchema = z.object({ data: z.object({ message: z.string() }) });

/** 'Passwort zurücksetzen' on the employee record: hand the generated password over in person or by mail. */
export const resetPasswordSchema = z.object({
  version: z.number().int().min(1),
  delivery: z.enum(['mail', 'show'], { message: 'Bitte wählen Sie, wie das Passwort übergeben wird.' }),
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const resetPasswordResultSchema = z.object({
  data: z.object({
    password: z.string().nullable(),
    validUntil: z.string(),
    mailedTo: z.string().nullable(),
    version: z.number().int(),
  }),
});
