import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import {
  SCORM_PACKAGE_MAX_BYTES,
  type ScormAttempt,
  type ScormCommit,
  type ScormLaunch,
  type ScormPackage,
} from '@schutzwerk/shared/instructions/scorm.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, buildUrl, ensureCsrfToken, NETWORK_ERROR_CODE, readCookie } from '#lib/api-client.ts';
import { getToken } from '#lib/session-token.ts';

export const scormKeys = {
  all: ['scorm'] as const,
  package: (topicId: number) => [...scormKeys.all, 'package', topicId] as const,
  launch: (assignmentId: number) => [...scormKeys.all, 'launch', assignmentId] as const,
};

/** What the browser checks before sending a package (the server checks again): the i18n key, or null. */
export function packageProblem(file: File): 'notZip' | 'tooLarge' | null {
  if (!/\.zip$/i.test(file.name)) return 'notZip';
  if (file.size > SCORM_PACKAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

export async function getPackage(topicId: number): Promise<ScormPackage | null> {
  return (await api.get<{ data: ScormPackage | null }>(`topics/${topicId}/scorm`)).data;
}

/** Sends the zip's raw bytes (same token, CSRF header and error envelope as `api`). */
export async function uploadPackage(topicId: number, file: File, version: number): Promise<ScormPackage> {
  await ensureCsrfToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/zip' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(buildUrl(`topics/${topicId}/scorm`, { version, fileName: file.name }), {
      method: 'POST',
      headers,
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, '');
  }
  let body: { data?: ScormPackage; error?: { code?: string; message?: string } } = {};
  try {
    body = await response.json();
  } catch {
    // not JSON: the defaults below
  }
  if (response.ok && body.data) return body.data;
  throw new ApiError(response.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? '');
}

export async function removePackage(topicId: number, version: number): Promise<void> {
  await api.delete(`topics/${topicId}/scorm`, { version });
}

/** Launches (or resumes) the package of an own item: a new session and the frame's URL. */
export async function launchPackage(assignmentId: number): Promise<ScormLaunch> {
  return (await api.post<{ data: ScormLaunch }>(`instructions/mine/${assignmentId}/scorm/launch`, {})).data;
}

/** Hands a commit of the runtime in the frame to the server. */
export async function commitPackage(assignmentId: number, input: ScormCommit): Promise<ScormAttempt> {
  return (await api.post<{ data: ScormAttempt }>(`instructions/mine/${assignmentId}/scorm/commit`, input))
    .data;
}

export function usePackage(topicId: number) {
  return useQuery({ queryKey: scormKeys.package(topicId), queryFn: () => getPackage(topicId) });
}

export function useUploadPackage(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: number }) => uploadPackage(topicId, file, version),
    onSuccess: (pkg) => queryClient.setQueryData(scormKeys.package(topicId), pkg),
  });
}

export function useRemovePackage(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => removePackage(topicId, version),
    onSuccess: () => queryClient.setQueryData(scormKeys.package(topicId), null),
  });
}
