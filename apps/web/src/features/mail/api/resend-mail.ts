import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** Queues a failed mail again (it is sent with the next run of the outbox). */
export async function resendMail(id: number): Promise<void> {
  await api.post(`mail/outbox/${id}/resend`, {});
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'outbox'] }),
  });
}
