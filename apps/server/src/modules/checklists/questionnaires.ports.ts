import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';

/**
 * What the questionnaires (decision 058) need of hazard assessments, inside their transaction: read access,
 * setting the route (`checklist_route_id`, the spec's checklist_collectiontree_route) and the hazard of a
 * brick created or updated by a comment on a question. Declared here, by the consumer, and implemented by the
 * hazard-analysis module (`hazard-analysis.questionnaire.ts`); `app.ts` wires the two, so neither module
 * imports the other (the import boundaries of decision 029 forbid the cycle through substances).
 */
export type HazardQuestionnairePort = {
  /** The assessment's title when the actor may read it (else NOT_FOUND). */
  readable(ex: Executor, actor: Actor, id: number): Promise<{ id: number; bezeichnung: string }>;
  /** Whether the actor may read the assessment (for the checklist link rule). */
  mayRead(ex: Executor, actor: Actor, id: number): Promise<boolean>;
  /** The route of the assessment (null: none). */
  routeOf(ex: Executor, id: number): Promise<number | null>;
  setRoute(tx: Executor, actor: Actor, id: number, version: number, routeId: number): Promise<void>;
  hazardFromComment(
    tx: Executor,
    actor: Actor,
    id: number,
    brickId: number,
    comment: string,
  ): Promise<{ hazardId: number; created: boolean }>;
};
