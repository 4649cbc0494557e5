import type {
  CreateFactorMenu,
  FactorMenu,
  UpdateFactorMenu,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';

export const factorMenuKeys = {
  all: ['factorMenus'] as const,
  detail: (id: number) => [...factorMenuKeys.all, 'detail', id] as const,
};

/** List sources (list protocol): the management list and the picker of the assessment header. */
export const FACTOR_MENU_LIST_SOURCE = 'factormenus';
export const FACTOR_MENU_PICKER_SOURCE = 'factormenu/picker';

export async function getFactorMenu(id: number): Promise<FactorMenu> {
  return (await api.get<{ data: FactorMenu }>(`factormenus/${id}`)).data;
}

export const factorMenuQueryOptions = (id: number) =>
  queryOptions({ queryKey: factorMenuKeys.detail(id), queryFn: () => getFactorMenu(id), staleTime: 0 });

export function useFactorMenu(id: number, enabled = true) {
  return useQuery({ ...factorMenuQueryOptions(id), enabled });
}

function useMenuMutation<Input>(run: (input: Input) => Promise<FactorMenu>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (menu) => queryClient.setQueryData(factorMenuKeys.detail(menu.id), menu),
  });
}

export const useCreateFactorMenu = () =>
  useMenuMutation(
    async (input: CreateFactorMenu) => (await api.post<{ data: FactorMenu }>('factormenus', input)).data,
  );

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export const useUpdateFactorMenu = (id: number) =>
  useMenuMutation(
    async (input: UpdateFactorMenu) => (await api.put<{ data: FactorMenu }>(`factormenus/${id}`, input)).data,
  );

export const useSetFactorMenuActive = (id: number) =>
  useMenuMutation(
    async ({ version, active }: { version: number; active: boolean }) =>
      (
        await api.post<{ data: FactorMenu }>(`factormenus/${id}/${active ? 'activate' : 'deactivate'}`, {
          version,
        })
      ).data,
  );

export const useCopyFactorMenu = (id: number) =>
  useMenuMutation(async () => (await api.post<{ data: FactorMenu }>(`factormenus/${id}/copy`, {})).data);

export const useImportFactorMenu = () =>
  useMenuMutation(
    async (content: string) => (await api.post<{ data: FactorMenu }>('factormenus/import', { content })).data,
  );

export function useDeleteFactorMenu(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.delete(`factormenus/${id}`, { version }),
    onSuccess: () => queryClient.removeQueries({ queryKey: factorMenuKeys.detail(id) }),
  });
}

/** The JSON export file (name from the server). */
export function exportFactorMenu(id: number) {
  return apiDownload(`factormenus/${id}/export`);
}
