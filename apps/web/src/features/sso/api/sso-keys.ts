export const ssoKeys = {
  all: ['sso'] as const,
  status: () => [...ssoKeys.all, 'status'] as const,
};
