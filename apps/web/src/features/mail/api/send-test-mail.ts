import type { MailSendResult } from '@schutzwerk/shared/mail/mail.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Sends a test mail with the saved settings; the answer is a result code (0x800 sent, 0x801/0x802 not). */
export async function sendTestMail(to: string): Promise<MailSendResult> {
  const answer = await api.post<{ data: MailSendResult }>('mail/test', { to });
  return answer.data;
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail });
}
