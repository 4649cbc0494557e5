import type {
  ImportCheck,
  ImportOptions,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Step 2 „Daten prüfen“: bad rows and what the import would do; nothing is written. */
export async function checkImport({
  id,
  options,
}: {
  id: number;
  options: ImportOptions;
}): Promise<ImportCheck> {
  return (await api.post<{ data: ImportCheck }>(`employee/import/${id}/check`, options)).data;
}

export function useCheckImport() {
  return useMutation({ mutationFn: checkImport });
}
