import type { FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { api } from '#lib/api-client.ts';
import { useFactorMenuMutation } from './use-factor-menu-mutation.ts';

/** Activates or deactivates a menu (with the version it is based on). */
export async function setFactorMenuActive(
  id: number,
  { version, active }: { version: number; active: boolean },
): Promise<FactorMenu> {
  return (
    await api.post<{ data: FactorMenu }>(`factormenus/${id}/${active ? 'activate' : 'deactivate'}`, {
      version,
    })
  ).data;
}

export const useSetFactorMenuActive = (id: number) =>
  useFactorMenuMutation((input: { version: number; active: boolean }) => setFactorMenuActive(id, input));
