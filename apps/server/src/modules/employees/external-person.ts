import type { Executor } from '#db/client.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { employeesRepository } from './employees.repository.ts';

export type NewExternalPerson = {
  portalId: number;
  personnelNumber: string;
  lastName: string;
  firstName: string;
  company: string;
};

/**
 * Creates an external person with the minimal record a group feedback asks for (decision 069): names,
 * personnel number, company, the external flag; active, no password, no unit. Logged as a created employee
 * with `source`. The caller runs it in its transaction and has checked its rights and the personnel number.
 */
export async function insertExternalPerson(
  ex: Executor,
  person: NewExternalPerson,
  actorId: number,
  source: string,
): Promise<number> {
  const id = await employeesRepository.insert(ex, { ...person, isExternal: true, active: true });
  await recordChange(ex, {
    entity: 'employee',
    entityId: id,
    state: LOG_STATE.CREATED,
    actorId,
    changes: {
      personnelNumber: { from: null, to: person.personnelNumber },
      lastName: { from: null, to: person.lastName },
      firstName: { from: null, to: person.firstName },
      company: { from: null, to: person.company },
      isExternal: { from: null, to: true },
      source: { from: null, to: source },
    },
  });
  return id;
}
