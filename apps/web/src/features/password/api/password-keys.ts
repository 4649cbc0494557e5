export const passwordKeys = {
  all: ['password'] as const,
  policy: () => [...passwordKeys.all, 'policy'] as const,
};
