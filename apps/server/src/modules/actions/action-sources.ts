import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';

/** How a source presents itself on action rows and tasks ('Gefährdung „Lärm“ – GB Halle 2', '/hazardanalysis/7'). */
export type ActionSourceDescription = { label: string; link: string | null };

/**
 * What a module plugs in for its actions (decision 020). The actions module asks the source whether the
 * caller may read or change the actions of one source record; an unregistered source type is refused
 * (deny by default). All functions run inside the caller's transaction or on the database (`ex`).
 */
export type ActionSource = {
  /** German label and web link of each source id (missing ids get a generic label). */
  describe(ex: Executor, ids: readonly number[]): Promise<Map<number, ActionSourceDescription>>;
  /** May the actor see all actions of this source record (e.g. reads the hazard assessment)? */
  canRead(actor: Actor, ex: Executor, sourceId: number): Promise<boolean>;
  /** May the actor create, change or delete actions of this source record (besides the ACTIONS_* rights)? */
  canEdit(actor: Actor, ex: Executor, sourceId: number): Promise<boolean>;
  /** The location of the source record (copied onto its actions; drives ACTIONS_AREA). */
  locationOf?(ex: Executor, sourceId: number): Promise<number | null>;
  /** The portal of the source record (defaults to the actor's portal). */
  portalOf?(ex: Executor, sourceId: number): Promise<number | null>;
};

export type ActionSources = ReturnType<typeof createActionSources>;

/** The registry of action sources; each module registers its type once at start-up. */
export function createActionSources() {
  const sources = new Map<string, ActionSource>();
  return {
    register(type: string, source: ActionSource): void {
      if (sources.has(type)) throw new Error(`Action source '${type}' is already registered`);
      sources.set(type, source);
    },
    get(type: string): ActionSource | undefined {
      return sources.get(type);
    },
    types(): string[] {
      return [...sources.keys()];
    },
  };
}
