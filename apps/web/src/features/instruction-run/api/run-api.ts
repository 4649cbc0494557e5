import type {
  Feedback,
  FeedbackResult,
  RunAnswer,
  RunAnswerResult,
  RunSlide,
  RunSlideResult,
  RunState,
} from '@schutzwerk/shared/instructions/run.schema.ts';
import { api, apiDownload } from '#lib/api-client.ts';

export const runKeys = {
  all: ['instructionRun'] as const,
  run: (assignmentId: number) => [...runKeys.all, assignmentId] as const,
  presentation: (assignmentId: number) => [...runKeys.all, assignmentId, 'presentation'] as const,
  image: (assignmentId: number, questionId: number) =>
    [...runKeys.all, assignmentId, 'image', questionId] as const,
};

/** Starts the run (O → A) or resumes it where it stopped (decision 041); a done one answers its passed state. */
export async function startRun(assignmentId: number): Promise<RunState> {
  return (await api.post<{ data: RunState }>(`instructions/mine/${assignmentId}/run`, {})).data;
}

/** One answer, checked by the server. */
export async function answerRun(assignmentId: number, input: RunAnswer): Promise<RunAnswerResult> {
  return (await api.post<{ data: RunAnswerResult }>(`instructions/mine/${assignmentId}/run/answer`, input))
    .data;
}

/** Moves to a slide of the presentation (or past the last one); the server stores it (decision 044). */
export async function moveToSlide(assignmentId: number, input: RunSlide): Promise<RunSlideResult> {
  return (await api.post<{ data: RunSlideResult }>(`instructions/mine/${assignmentId}/run/slide`, input))
    .data;
}

/** The presentation PDF of one's own run, as bytes for the viewer. */
export async function fetchRunPresentation(assignmentId: number): Promise<ArrayBuffer> {
  const { blob } = await apiDownload(`instructions/mine/${assignmentId}/run/presentation`, { method: 'GET' });
  return blob.arrayBuffer();
}

/** The image of a question of one's own run. */
export async function fetchRunQuestionImage(assignmentId: number, questionId: number): Promise<Blob> {
  return (
    await apiDownload(`instructions/mine/${assignmentId}/run/questions/${questionId}/image`, {
      method: 'GET',
    })
  ).blob;
}

/** The feedback dialog's message, mailed to the supervisors; answers the spec's code (0x800, 0x502, 0x803). */
export async function sendFeedback(assignmentId: number, input: Feedback): Promise<FeedbackResult> {
  return (await api.post<{ data: FeedbackResult }>(`instructions/mine/${assignmentId}/feedback`, input)).data;
}

/** The certificate PDF of a done assignment (Teilnahmebescheinigung). */
export function downloadCertificate(assignmentId: number) {
  return apiDownload(`instructions/assignments/${assignmentId}/certificate`, { method: 'GET' });
}
