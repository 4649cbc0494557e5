import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import type { SdsImportResult, SubstanceSds } from '@schutzwerk/shared/substances/sds.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  type ApiErrorDetail,
  api,
  buildUrl,
  ensureCsrfToken,
  NETWORK_ERROR_CODE,
  readCookie,
} from '#lib/api-client.ts';
import { getToken } from '#lib/session-token.ts';
import { substanceKeys } from './substance-keys.ts';

/** The data sheet of a substance (current file, archive) and its open PDF proposals (decision 049). */
export const sdsKey = (id: number) => [...substanceKeys.all, 'sds', id] as const;

export function useSubstanceSds(id: number) {
  return useQuery({
    queryKey: sdsKey(id),
    queryFn: async () => (await api.get<{ data: SubstanceSds }>(`substances/${id}/sds`)).data,
  });
}

/** Sends an SDS PDF as multipart/form-data (field `version` first when given, then `file`). */
async function sendPdf(path: string, file: File, version?: number): Promise<SdsImportResult> {
  await ensureCsrfToken();
  const form = new FormData();
  if (version !== undefined) form.append('version', String(version));
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let res: Response;
  try {
    res = await fetch(buildUrl(path), { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, '');
  }
  const body = (await res.json().catch(() => ({}))) as {
    data?: SdsImportResult;
    error?: { code?: string; message?: string; details?: unknown };
  };
  if (res.ok && body.data) return body.data;
  const details = Array.isArray(body.error?.details) ? (body.error.details as ApiErrorDetail[]) : undefined;
  throw new ApiError(res.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? '', details);
}

/** A new substance from a data sheet PDF. */
export function useImportSds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendPdf('substances/sds-import', file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: substanceKeys.all }),
  });
}

/** A newer data sheet PDF for an existing substance (only differing fields are proposed). */
export function useImportSdsInto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; version: number }) =>
      sendPdf(`substances/${id}/sds`, input.file, input.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: substanceKeys.all }),
  });
}

/** Confirms proposals: the named fields, or all when empty. */
export function useConfirmSds(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { version: number; fields: string[] }) =>
      (await api.post<{ data: SubstanceSds }>(`substances/${id}/sds/confirm`, input)).data,
    onSuccess: (sds) => queryClient.setQueryData(sdsKey(id), sds),
  });
}
