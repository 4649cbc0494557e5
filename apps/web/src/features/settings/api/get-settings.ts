import type { LicenseUsage } from '@schutzwerk/shared/settings/license.settings.ts';
import type { SettingsAnswer } from '@schutzwerk/shared/settings/settings.schema.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

export type SettingsCategoryEntry = { key: string; canEdit: boolean };

/** The settings categories the signed-in user may read (403 without any settings right). */
export function settingsListQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.list(),
    queryFn: async () => (await api.get<{ data: SettingsCategoryEntry[] }>('settings')).data,
  });
}

export function settingsQueryOptions(key: string) {
  return queryOptions({
    queryKey: settingsKeys.category(key),
    queryFn: async () => (await api.get<{ data: SettingsAnswer }>(`settings/${key}`)).data,
  });
}

export function licenseUsageQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.licenseUsage(),
    queryFn: async () => (await api.get<{ data: LicenseUsage }>('settings/license/usage')).data,
  });
}

/** The languages on offer (any signed-in user). */
export function languagesQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.languages(),
    queryFn: async () =>
      (await api.get<{ data: { enabledLocales: string[]; defaultLocale: string } }>('settings/languages'))
        .data,
    staleTime: 60_000,
  });
}
