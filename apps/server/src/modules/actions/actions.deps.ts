import type { Db, Executor } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { ActionSources } from './action-sources.ts';
import type { ActionsRepository } from './actions.repository.ts';

/** What the mail module does for actions: render a template mail, queue it in the caller's transaction. */
export type ActionsMail = { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };

/**
 * Everything the parts of the actions service need (decision 020), wired by actions.module.ts. The other
 * modules' functions come in as ports, so the rules can be tested with fakes.
 */
export type ActionsDeps = {
  db: Db;
  repository: ActionsRepository;
  sources: ActionSources;
  settings: Pick<SettingsService, 'read'>;
  /** The locations the employee is responsible for, sub-locations included (the employees module's rule). */
  ownedLocations(ex: Executor, employeeId: number): Promise<Set<number>>;
  mail: ActionsMail;
};
