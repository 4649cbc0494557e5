import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { factorMenuKeys } from './factor-menu-keys.ts';

/** 409 CONFLICT on a stale version. */
export function deleteFactorMenu(id: number, version: number): Promise<void> {
  return api.delete(`factormenus/${id}`, { version });
}

export function useDeleteFactorMenu(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteFactorMenu(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: factorMenuKeys.detail(id) }),
  });
}
