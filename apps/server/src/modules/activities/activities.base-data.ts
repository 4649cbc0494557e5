import type { Executor } from '#db/client.ts';
import { activitiesRepository } from './activities.repository.ts';

/**
 * System nodes every portal has (decision 007): leaves with a stable key that later modules use (e.g.
 * instructions for all temporary workers). They cannot have children and cannot be deleted.
 */
export const SYSTEM_ACTIVITIES = [
  {
    key: 'supervisor',
    name: 'Führungskraft',
    description: 'Mitarbeiter mit Personal- oder Weisungsverantwortung.',
  },
  {
    key: 'temp_worker',
    name: 'Leiharbeitnehmer',
    description: 'Beschäftigte, die von einem Personaldienstleister überlassen werden.',
  },
  {
    key: 'external',
    name: 'Fremdfirmenmitarbeiter',
    description: 'Beschäftigte anderer Unternehmen, die im Betrieb tätig werden.',
  },
  {
    key: 'trainee',
    name: 'Auszubildende',
    description: 'Auszubildende, Praktikanten und Werkstudierende.',
  },
] as const;

/** Creates the missing system nodes of a portal (at the top level); safe to run on every start
 * (a user's top-level node of the same name wins: then the system node is not created). */
export async function ensureSystemActivities(ex: Executor, portalId: number): Promise<void> {
  for (const node of SYSTEM_ACTIVITIES) {
    await activitiesRepository.insertSystemNodeIfMissing(ex, portalId, node);
  }
}

/** ensureSystemActivities for every portal. */
export async function ensureSystemActivitiesForAllPortals(ex: Executor): Promise<void> {
  for (const portalId of await activitiesRepository.portalIds(ex)) await ensureSystemActivities(ex, portalId);
}
