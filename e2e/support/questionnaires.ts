import type { Page } from 'playwright-core';
import { api } from './api.ts';

/**
 * Gives a hazard assessment a questionnaire (its route, decision 058) through the API: a checklist, a
 * collection holding it, a questionnaire type with one segment, and the questionnaire started on the
 * assessment. The list print only covers assessments with a route (spec shell §5.2).
 */
export async function attachQuestionnaire(page: Page, analysisId: number, name: string): Promise<number> {
  const checklist = await api<{ id: number }>(page, 'POST', 'checklists', { label: `Begehung ${name}` });
  const collection = await api<{ id: number }>(page, 'POST', 'checklists/collections', {
    label: `Sammlung ${name}`,
    module: 'hazard_analysis',
    checklistIds: [checklist.data.id],
  });
  const type = await api<{ id: number }>(page, 'POST', 'checklists/trees', {
    title: `Fragebogentyp ${name}`,
    module: 'hazard_analysis',
    segments: [
      {
        key: 1,
        parentKey: null,
        label: 'Rundgang',
        segment: '1',
        collectionId: collection.data.id,
        brickId: null,
      },
    ],
  });
  const analysis = await api<{ version: number }>(page, 'GET', `hazardanalysis/${analysisId}`);
  const route = await api<{ id: number }>(page, 'POST', `hazardanalysis/${analysisId}/questionnaire`, {
    version: analysis.data.version,
    typeId: type.data.id,
    title: `Fragebogen ${name}`,
  });
  if (route.status !== 201) throw new Error(`questionnaire not started: ${route.status}`);
  return route.data.id;
}
