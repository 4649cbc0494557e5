import type {
  SyncCheck,
  SyncFile,
  SyncPreview,
  SyncRequest,
  SyncResult,
} from '@schutzwerk/shared/occupational-medicine/precaution-sync.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** The file's bytes as they are, in base64 (the server detects encoding and separator). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Step 1: the preview of the file. */
export function usePreviewSync() {
  return useMutation({
    mutationFn: async (input: SyncFile) =>
      (await api.post<{ data: SyncPreview }>('occupational-medicine/sync/preview', input)).data,
  });
}

/** Step 3: the check of every row (writes nothing). */
export function useCheckSync() {
  return useMutation({
    mutationFn: async (input: SyncRequest) =>
      (await api.post<{ data: SyncCheck }>('occupational-medicine/sync/check', input)).data,
  });
}

/** Step 4: the import, all rows or none; the precaution lists (occupationalMedicine keys) are loaded again afterwards. */
export function useCommitSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SyncRequest) =>
      (await api.post<{ data: SyncResult }>('occupational-medicine/sync/commit', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['occupationalMedicine'] }),
  });
}
