export const settingsKeys = {
  all: ['settings'] as const,
  list: () => [...settingsKeys.all, 'list'] as const,
  category: (key: string) => [...settingsKeys.all, 'category', key] as const,
  licenseUsage: () => [...settingsKeys.all, 'licenseUsage'] as const,
  languages: () => [...settingsKeys.all, 'languages'] as const,
};
