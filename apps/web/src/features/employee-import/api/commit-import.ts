import type {
  ImportCommit,
  ImportEvent,
  ImportJob,
  ImportResult,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeKeys } from '#features/employees/index.ts';
import { ApiError, api, isApiError, NETWORK_ERROR_CODE } from '#lib/api-client.ts';
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
  try {
    return await readEvents(response, onProgress);
  } catch (error) {
    // The connection broke while the server went on: the job row tells how the import ended.
    if (isApiError(error) && error.code === NETWORK_ERROR_CODE) return waitForJob(id);
    throw error;
  }
}

async function readEvents(
  response: Response,
  onProgress: (event: Extract<ImportEvent, { type: 'progress' }>) => void,
): Promise<ImportResult> {
  if (!response.body) throw new ApiError(0, NETWORK_ERROR_CODE, '');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError(0, NETWORK_ERROR_CODE, '');
    }
    if (chunk.value) buffer += chunk.value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line) continue;
      const event = JSON.parse(line) as ImportEvent;
      if (event.type === 'progress') onProgress(event);
      else if (event.type === 'result') return event.result;
      else throw new ApiError(500, event.error.code, event.error.message);
    }
    if (chunk.done) break;
  }
  // The answer ended without a result line (server stopped, network gone).
  throw new ApiError(0, NETWORK_ERROR_CODE, '');
}

const POLL_MS = 3000;
const MAX_NETWORK_FAILURES = 20;

/** Polls the job until it is done or failed (a network error is retried a few times). */
async function waitForJob(id: number): Promise<ImportResult> {
  let failures = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    let job: ImportJob;
    try {
      job = (await api.get<{ data: ImportJob }>(`employee/import/${id}`)).data;
      failures = 0;
    } catch (error) {
      if (isApiError(error) && error.code === NETWORK_ERROR_CODE && ++failures < MAX_NETWORK_FAILURES)
        continue;
      throw error;
    }
    if (job.status === 'done' && job.result) return job.result;
    if (job.status === 'failed' && job.error) throw new ApiError(500, job.error.code, job.error.message);
    if (job.status !== 'running') throw new ApiError(0, NETWORK_ERROR_CODE, '');
  }
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
