import type { FactorMenu, UpdateFactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { api } from '#lib/api-client.ts';
import { useFactorMenuMutation } from './use-factor-menu-mutation.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateFactorMenu(id: number, input: UpdateFactorMenu): Promise<FactorMenu> {
  return (await api.put<{ data: FactorMenu }>(`factormenus/${id}`, input)).data;
}

export const useUpdateFactorMenu = (id: number) =>
  useFactorMenuMutation((input: UpdateFactorMenu) => updateFactorMenu(id, input));
