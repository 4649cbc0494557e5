import type { FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { api } from '#lib/api-client.ts';
import { useFactorMenuMutation } from './use-factor-menu-mutation.ts';

/** Imports a menu from a file made by exportFactorMenu. */
export async function importFactorMenu(content: string): Promise<FactorMenu> {
  return (await api.post<{ data: FactorMenu }>('factormenus/import', { content })).data;
}

export const useImportFactorMenu = () => useFactorMenuMutation(importFactorMenu);
