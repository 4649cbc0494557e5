import type { SettingsAnswer, UpdateSettings } from '@schutzwerk/shared/settings/settings.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

/** PUT the whole category with the version it is based on; stale → 409 CONFLICT. */
export async function updateSettings(key: string, input: UpdateSettings): Promise<SettingsAnswer> {
  return (await api.put<{ data: SettingsAnswer }>(`settings/${key}`, input)).data;
}

export function useUpdateSettings(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSettings) => updateSettings(key, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.category(key), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.licenseUsage() }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.languages() }),
      ]);
    },
  });
}
