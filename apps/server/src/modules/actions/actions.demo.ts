import type { Executor } from '#db/client.ts';
import { actionsRepository } from './actions.repository.ts';
import { createTask } from './tasks.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo data: a few stand-alone actions of the demo company, so 'Meine Aufgaben' and 'Maßnahmen' show
 * something (one overdue task for the safety specialist, one for the employee, one external executor).
 */
export async function seedDemoActions(
  ex: Executor,
  portalId: number,
  people: { sifa: number; fuehrung: number; mitarbeiter: number },
): Promise<void> {
  const rows = await actionsRepository.locationsNamed(ex, portalId, [
    'Halle 1 – Abfüllung',
    'Werk Köln-Niehl',
  ]);
  const halle1 = rows.find((r) => r.name === 'Halle 1 – Abfüllung')?.id ?? rows[0]?.id ?? null;
  const koeln = rows.find((r) => r.name === 'Werk Köln-Niehl')?.id ?? halle1;
  const demo = [
    {
      designation: 'Fluchtwegkennzeichnung in Halle 1 erneuern',
      type: 'organisational',
      dueDate: day(-3),
      locationId: halle1,
      responsibleId: people.fuehrung,
      executorId: people.sifa,
      externalExecutor: null,
      immediateFlags: 1,
    },
    {
      designation: 'Gehörschutzspender an der Abfüllanlage auffüllen',
      type: 'personal',
      dueDate: day(7),
      locationId: halle1,
      responsibleId: people.sifa,
      executorId: people.mitarbeiter,
      externalExecutor: null,
      immediateFlags: 0,
    },
    {
      designation: 'Absauganlage im Labor prüfen lassen',
      type: 'technical',
      dueDate: day(30),
      locationId: koeln,
      responsibleId: people.sifa,
      executorId: null,
      externalExecutor: 'Lüftungstechnik Brandt GmbH',
      immediateFlags: 0,
    },
  ];
  for (const action of demo) {
    const row = await actionsRepository.insertAction(ex, {
      portalId,
      sourceType: 'general',
      sourceId: 0,
      ...action,
    });
    if (row.executorId)
      await createTask(ex, {
        portalId,
        kind: 'action',
        sourceType: 'general',
        sourceId: 0,
        actionId: row.id,
        assigneeId: row.executorId,
        responsibleId: row.responsibleId,
        title: row.designation,
        linkPath: '/actions/list',
        dueDate: row.dueDate,
      });
  }
}
