import type {
  CatalogueEntry,
  CatalogueKind,
  CreateCatalogueEntry,
  UpdateCatalogueEntry,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { occupationalMedicineKeys } from './occupational-medicine-keys.ts';

export const fetchCatalogue = async (kind: CatalogueKind) =>
  (await api.get<{ data: CatalogueEntry[] }>(`occupational-medicine/catalogues/${kind}`)).data;

/** A managed catalogue of occupational-medical precaution (decision 057), active and inactive entries. */
export function useCatalogue(kind: CatalogueKind) {
  return useQuery({
    queryKey: occupationalMedicineKeys.catalogue(kind),
    queryFn: () => fetchCatalogue(kind),
    staleTime: 60_000,
  });
}

function useRefresh(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: occupationalMedicineKeys.catalogue(kind) });
}

export function useCreateCatalogueEntry(kind: CatalogueKind) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: async (input: CreateCatalogueEntry) =>
      (await api.post<{ data: CatalogueEntry }>(`occupational-medicine/catalogues/${kind}`, input)).data,
    onSuccess: refresh,
  });
}

export function useUpdateCatalogueEntry(kind: CatalogueKind) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: async ({ id, ...patch }: UpdateCatalogueEntry & { id: number }) =>
      (await api.patch<{ data: CatalogueEntry }>(`occupational-medicine/catalogues/${kind}/${id}`, patch))
        .data,
    onSuccess: refresh,
  });
}

export function useDeleteCatalogueEntry(kind: CatalogueKind) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`occupational-medicine/catalogues/${kind}/${id}`, { version }),
    onSuccess: refresh,
  });
}
