import type {
  Feedback,
  FeedbackResult,
  RunAnswer,
  RunAnswerResult,
  RunState,
} from '@schutzwerk/shared/instructions/run.schema.ts';
import { api, apiDownload } from '#lib/api-client.ts';

export const runKeys = {
  all: ['instructionRun'] as const,
  run: (assignmentId: number) => [...runKeys.all, assignmentId] as const,
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

/** The feedback dialog's message, mailed to the supervisors; answers the spec's code (0x800, 0x502, 0x803). */
export async function sendFeedback(assignmentId: number, input: Feedback): Promise<FeedbackResult> {
  return (await api.post<{ data: FeedbackResult }>(`instructions/mine/${assignmentId}/feedback`, input)).data;
}

/** The certificate PDF of a done assignment (Teilnahmebescheinigung). */
export function downloadCertificate(assignmentId: number) {
  return apiDownload(`instructions/assignments/${assignmentId}/certificate`, { method: 'GET' });
}
