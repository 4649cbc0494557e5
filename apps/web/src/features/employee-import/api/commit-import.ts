import type {
  ImportCommit,
  ImportEvent,
  ImportResult,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeKeys } from '#features/employees/api/employee-keys.ts';
import { ApiError } from '#lib/api-client.ts';
import { rawRequest } from './raw-request.ts';

/**
 * Step 3: starts the import and reads its answer line by line (progress, then result or error).
 * Refusals before the start (bad rows not confirmed, licence 910) arrive as ordinary error answers.
 */
export async function commitImport(
  id: number,
  options: ImportCommit,
  onProgress: (event: Extract<ImportEvent, { type: 'progress' }>) => void,
): Promise<ImportResult> {
  const response = await rawRequest(`employee/import/${id}/commit`, {
    body: JSON.stringify(options),
    contentType: 'application/json',
    accept: 'application/x-ndjson',
  });
  if (!response.body) throw new ApiError(0, 'NETWORK_ERROR', '');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line) continue;
      const event = JSON.parse(line) as ImportEvent;
      if (event.type === 'progress') onProgress(event);
      else if (event.type === 'result') return event.result;
      else
        throw new ApiError(
          response.status === 200 ? 500 : response.status,
          event.error.code,
          event.error.message,
        );
    }
    if (done) break;
  }
  // The connection ended without a result line (server stopped, network gone).
  throw new ApiError(0, 'NETWORK_ERROR', '');
}

export function useCommitImport(onProgress: Parameters<typeof commitImport>[2]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, options }: { id: number; options: ImportCommit }) =>
      commitImport(id, options, onProgress),
    // Employee lists and records changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
