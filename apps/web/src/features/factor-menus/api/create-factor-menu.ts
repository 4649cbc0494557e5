import type { CreateFactorMenu, FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { api } from '#lib/api-client.ts';
import { useFactorMenuMutation } from './use-factor-menu-mutation.ts';

export async function createFactorMenu(input: CreateFactorMenu): Promise<FactorMenu> {
  return (await api.post<{ data: FactorMenu }>('factormenus', input)).data;
}

export const useCreateFactorMenu = () => useFactorMenuMutation(createFactorMenu);
