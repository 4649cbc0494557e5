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
  scope: sessionScopeSchema,
  permissions: z.array(z.number().int()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserResponseSchema = z.object({ data: currentUserSchema });
export const adfsLogoutUrlResponseSchema = z.object({ data: z.object({ url: z.string() }) });
export const csrfResponseSchema = z.object({ data: z.object({ token: z.string() }) });
