import type { MailOutboxState } from '@schutzwerk/shared/mail/mail.schema.ts';

export const mailKeys = {
  all: ['mail'] as const,
  templates: () => [...mailKeys.all, 'templates'] as const,
  template: (id: number) => [...mailKeys.templates(), id] as const,
  outbox: (state: MailOutboxState | 'all') => [...mailKeys.all, 'outbox', state] as const,
};
