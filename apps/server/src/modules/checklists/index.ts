/**
 * The public face of the checklists module (decision 029): the factory and the link port other modules use
 * (`registerLink`, `linkChecklist`, `stateOf` on the module's service), and the questionnaires' factory
 * (decision 058). Everything else is internal.
 */
export { type ChecklistPrintPort, checklistsModule } from './checklists.module.ts';
export type { ChecklistLinkRule, ChecklistsService } from './checklists.service.ts';
export { registerChecklistWiring } from './checklists.wiring.ts';
export { questionnairesModule } from './questionnaires.module.ts';
