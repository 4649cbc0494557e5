import type { FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { factorMenuKeys } from './factor-menu-keys.ts';

export async function getFactorMenu(id: number): Promise<FactorMenu> {
  return (await api.get<{ data: FactorMenu }>(`factormenus/${id}`)).data;
}

export const factorMenuQueryOptions = (id: number) =>
  queryOptions({ queryKey: factorMenuKeys.detail(id), queryFn: () => getFactorMenu(id), staleTime: 0 });

export function useFactorMenu(id: number, enabled = true) {
  return useQuery({ ...factorMenuQueryOptions(id), enabled });
}
