import { STATUS_INACTIVE } from '@schutzwerk/shared/accidents/catalogues.ts';
import { accidentsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import type { ActionSource } from '#modules/actions/index.ts';
import type { ChecklistLinkRule } from '#modules/checklists/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import type { AccidentRecord, AccidentScope, AccidentsRepository } from './accidents.repository.ts';

/** The source type of investigation measures in the actions module and of the report's tasks (decision 056). */
export const ACCIDENT_ACTION_SOURCE = 'accident_report';

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function scopeOf(actor: Actor): AccidentScope {
  return actorHasAny(actor, P.ACCIDENT_REPORTS_ALL)
    ? { all: true }
    : { all: false, employeeId: actor.employeeId };
}

/**
 * Who may read and change what hangs on a report (decision 056): its investigation measures (an action source,
 * decision 020) and its checklist (the checklists' link port, decision 052). Reading follows the report's own
 * reading rule (ACCIDENT_REPORTS, the portal, the scope of decision 047); changing needs ACCIDENT_REPORTS_EDIT
 * on a report that is not inactive. The checklist may also be filled by the report's author and by a supervisor of
 * the injured employee (the audit role „supervisor“, decision 062).
 */
export function createAccidentLinks(repository: AccidentsRepository) {
  async function readable(ex: Executor, actor: Actor, id: number): Promise<AccidentRecord | null> {
    if (!actorHasAny(actor, P.ACCIDENT_REPORTS)) return null;
    const row = await repository.find(ex, id);
    if (!row || row.portalId !== actor.portalId) return null;
    return (await repository.inScope(ex, id, scopeOf(actor))) ? row : null;
  }
  async function editable(ex: Executor, actor: Actor, id: number): Promise<boolean> {
    const row = await readable(ex, actor, id);
    return row !== null && row.status !== STATUS_INACTIVE && actorHasAny(actor, P.ACCIDENT_REPORTS_EDIT);
  }

  const actionSource: ActionSource = {
    async describe(ex, ids) {
      const out = new Map<number, { label: string; link: string | null }>();
      for (const r of await repository.actionSourceLabels(ex, ids))
        out.set(r.id, {
          label: accidentsMessages.actionSource(r.id, berlinDate.format(r.accidentAt), r.locationName ?? ''),
          link: `/accidents/${r.id}`,
        });
      return out;
    },
    canRead: async (actor, ex, id) => (await readable(ex, actor, id)) !== null,
    canEdit: (actor, ex, id) => editable(ex, actor, id),
    locationOf: async (ex, id) => (await repository.find(ex, id))?.locationId ?? null,
    portalOf: async (ex, id) => (await repository.find(ex, id))?.portalId ?? null,
  };

  const checklistLink: ChecklistLinkRule = {
    canRead: async (actor, id, ex) => id !== null && (await readable(ex, actor, id)) !== null,
    async canEdit(actor, id, ex) {
      if (id === null) return false;
      const row = await readable(ex, actor, id);
      if (!row || row.status === STATUS_INACTIVE) return false;
      if (actorHasAny(actor, P.ACCIDENT_REPORTS_EDIT) || row.createdBy === actor.employeeId) return true;
      // The checklists' audit role „supervisor“ of an accident report (spec: „Accident report: supervisor“,
      // decision 062): a supervisor of the injured employee fills the report's checklist.
      return row.employeeId !== null && repository.supervises(ex, actor.employeeId, row.employeeId);
    },
  };

  return { actionSource, checklistLink };
}
