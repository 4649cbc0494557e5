import type { FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factorMenuKeys } from './factor-menu-keys.ts';

/** A write that answers the whole menu: the cache keeps it as the menu's detail. */
export function useFactorMenuMutation<Input>(run: (input: Input) => Promise<FactorMenu>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (menu) => queryClient.setQueryData(factorMenuKeys.detail(menu.id), menu),
  });
}
