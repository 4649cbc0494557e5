import type { Executor } from '#db/client.ts';

/**
 * PLACEHOLDER until the mail outbox (branch `mail`) is merged: the merger replaces this file with the
 * real outbox. The signature is the agreed one; calling it before the merge fails loudly.
 */
export async function enqueueMail(
  _ex: Executor,
  _mail: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    purpose: string;
    relatedEmployeeId?: number;
  },
): Promise<number> {
  throw new Error('mail outbox not merged');
}
