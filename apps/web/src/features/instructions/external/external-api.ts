import type {
  ExternalSite,
  ExternalSites,
  ExternalSiteUpdate,
  KioskAnswer,
  KioskAnswerResult,
  KioskLocation,
  KioskStart,
  Visitor,
} from '@schutzwerk/shared/instructions/external.schema.ts';
import { VISITOR_TOKEN_HEADER } from '@schutzwerk/shared/instructions/external.schema.ts';
import { api, apiDownload, apiRequest } from '#lib/api-client.ts';
import { uploadTopicFile } from '../api/upload-topic-file.ts';

/** External instructions (decision 074): the public kiosk, the settings per location, the records. */

export const externalKeys = {
  all: ['externalInstructions'] as const,
  kioskLocations: () => [...externalKeys.all, 'kiosk', 'locations'] as const,
  kioskPresentation: (topicKey: string) => [...externalKeys.all, 'kiosk', 'presentation', topicKey] as const,
  kioskImage: (questionId: number) => [...externalKeys.all, 'kiosk', 'image', questionId] as const,
  sites: () => [...externalKeys.all, 'sites'] as const,
};

/** The records' list source (list protocol). */
export const EXTERNAL_RECORDS_SOURCE = 'instructions/external/records';

// ---- the public kiosk (no account) ----------------------------------------------------------------

export const kioskImageUrl = (locationId: number) => `/api/external/locations/${locationId}/image`;

export async function fetchKioskLocations(): Promise<KioskLocation[]> {
  return (await api.get<{ data: KioskLocation[] }>('external/locations')).data;
}

export async function startKiosk(visitor: Visitor): Promise<KioskStart> {
  return (await api.post<{ data: KioskStart }>('external/runs', visitor)).data;
}

export async function answerKiosk(token: string, input: KioskAnswer): Promise<KioskAnswerResult> {
  return (
    await apiRequest<{ data: KioskAnswerResult }>('external/run/answer', {
      method: 'POST',
      body: input,
      headers: { [VISITOR_TOKEN_HEADER]: token },
    })
  ).data;
}

export function downloadKioskCertificate(token: string) {
  return apiDownload('external/run/certificate', {
    method: 'GET',
    headers: { [VISITOR_TOKEN_HEADER]: token },
  });
}

/** The presentation of the run's current topic (decision 078), as bytes for pdf.js. */
export async function fetchKioskPresentation(token: string): Promise<ArrayBuffer> {
  const { blob } = await apiDownload('external/run/presentation', {
    method: 'GET',
    headers: { [VISITOR_TOKEN_HEADER]: token },
  });
  return blob.arrayBuffer();
}

/** The image of the run's current question (decision 078). */
export async function fetchKioskQuestionImage(token: string, questionId: number): Promise<Blob> {
  return (
    await apiDownload(`external/run/questions/${questionId}/image`, {
      method: 'GET',
      headers: { [VISITOR_TOKEN_HEADER]: token },
    })
  ).blob;
}

/** The visitor's badge („Besucherausweis“, decision 078). */
export function downloadKioskBadge(token: string) {
  return apiDownload('external/run/badge', { method: 'GET', headers: { [VISITOR_TOKEN_HEADER]: token } });
}

// ---- signed in --------------------------------------------------------------------------------------

export async function fetchSites(): Promise<ExternalSites> {
  return (await api.get<{ data: ExternalSites }>('instructions/external/sites')).data;
}

export async function saveSite(locationId: number, input: ExternalSiteUpdate): Promise<ExternalSite> {
  return (await api.put<{ data: ExternalSite }>(`instructions/external/sites/${locationId}`, input)).data;
}

export function uploadSiteImage(locationId: number, file: Blob, version: number): Promise<ExternalSite> {
  return uploadTopicFile<ExternalSite>(`instructions/external/sites/${locationId}/image`, file, { version });
}

export async function fetchSiteImage(locationId: number): Promise<Blob> {
  return (await apiDownload(`instructions/external/sites/${locationId}/image`, { method: 'GET' })).blob;
}

export function downloadRecordCertificate(id: number) {
  return apiDownload(`instructions/external/records/${id}/certificate`, { method: 'GET' });
}

export function downloadRecordBadge(id: number) {
  return apiDownload(`instructions/external/records/${id}/badge`, { method: 'GET' });
}
