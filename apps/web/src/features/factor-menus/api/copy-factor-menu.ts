import type { FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { api } from '#lib/api-client.ts';
import { useFactorMenuMutation } from './use-factor-menu-mutation.ts';

/** A copy of the menu (answered as the new menu). */
export async function copyFactorMenu(id: number): Promise<FactorMenu> {
  return (await api.post<{ data: FactorMenu }>(`factormenus/${id}/copy`, {})).data;
}

export const useCopyFactorMenu = (id: number) => useFactorMenuMutation(() => copyFactorMenu(id));
