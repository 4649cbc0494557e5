import type { ImportTopicsResult } from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api, apiDownload, saveBlob } from '#lib/api-client.ts';

/** Downloads the topics of the list's search and status filter (all when none) with their questions. */
export function exportTopics(query: { search: string; released?: boolean | undefined }) {
  return apiDownload('topics/export', {
    query: {
      ...(query.search ? { search: query.search } : {}),
      ...(query.released === undefined ? {} : { released: String(query.released) }),
    },
  });
}

export function useExportTopics() {
  return useMutation({
    mutationFn: exportTopics,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'unterweisungen.unterweisungen.json'),
  });
}

/** What importing the file would do (writes nothing). */
export async function previewTopicsImport(input: {
  content: string;
  update: boolean;
}): Promise<ImportTopicsResult> {
  return (await api.post<{ data: ImportTopicsResult }>('topics/import/preview', input)).data;
}

/** Imports the file: all or nothing. */
export async function importTopics(input: { content: string; update: boolean }): Promise<ImportTopicsResult> {
  return (await api.post<{ data: ImportTopicsResult }>('topics/import', input)).data;
}

export function usePreviewTopicsImport() {
  return useMutation({ mutationFn: previewTopicsImport });
}

export function useImportTopics() {
  return useMutation({ mutationFn: importTopics });
}
