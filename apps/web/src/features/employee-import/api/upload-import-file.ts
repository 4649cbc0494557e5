import type {
  ImportPreview,
  ImportSeparator,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { rawRequest } from './raw-request.ts';

export type UploadInput = { file: File; separator: ImportSeparator; hasHeader: boolean };

/** Step 1: the file's bytes as they are (the server detects the encoding) → the preview. */
export async function uploadImportFile({ file, separator, hasHeader }: UploadInput): Promise<ImportPreview> {
  const response = await rawRequest('employee/import', {
    body: file,
    contentType: 'text/csv',
    query: { separator, hasHeader, fileName: file.name },
  });
  return ((await response.json()) as { data: ImportPreview }).data;
}

export function useUploadImportFile() {
  return useMutation({ mutationFn: uploadImportFile });
}
