import type { SubstanceUsage, SubstanceUsageSourceKey } from '@schutzwerk/shared/substances/usage.schema.ts';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';

/** What a use of a substance refuses: setting the substance inactive and/or deleting it. */
export type SubstanceUsageBlock = 'deactivate' | 'delete';

/**
 * A module that uses substance versions (decision 054): hazards today; containers, EMKG entries and operating
 * instructions later. It answers „who uses substance X“ in two ways: a count over every portal (the guards
 * must see what the caller may not) and the uses one reader may see (both sides' read rights).
 */
export type SubstanceUsageSource = {
  blocks: readonly SubstanceUsageBlock[];
  /** All uses of any version of the substance. */
  count: (ex: Executor, substanceId: number) => Promise<number>;
  /** The German refusal text for `count` uses (from the message catalogue). */
  reason: (count: number, block: SubstanceUsageBlock) => string;
  /** The uses the actor may see; the rest is counted as hidden. */
  visible: (ex: Executor, actor: Actor, substanceId: number) => Promise<Omit<SubstanceUsage, 'source'>[]>;
};

export type SubstanceUsageRegistry = ReturnType<typeof createSubstanceUsageRegistry>;

/** The registry the substances' guards and the section „Verwendung“ read; modules register while wiring. */
export function createSubstanceUsageRegistry() {
  const sources = new Map<SubstanceUsageSourceKey, SubstanceUsageSource>();
  return {
    register(key: SubstanceUsageSourceKey, source: SubstanceUsageSource): void {
      if (sources.has(key)) throw new Error(`substance usage source ${key} registered twice`);
      sources.set(key, source);
    },

    /** The first refusal for `block` (German text), or null when nothing that blocks it uses the substance. */
    async refusal(ex: Executor, substanceId: number, block: SubstanceUsageBlock): Promise<string | null> {
      for (const source of sources.values()) {
        if (!source.blocks.includes(block)) continue;
        const count = await source.count(ex, substanceId);
        if (count > 0) return source.reason(count, block);
      }
      return null;
    },

    /** Every use the actor may see, and how many the actor may not. */
    async list(ex: Executor, actor: Actor, substanceId: number) {
      const rows: SubstanceUsage[] = [];
      let total = 0;
      for (const [key, source] of sources) {
        total += await source.count(ex, substanceId);
        for (const use of await source.visible(ex, actor, substanceId)) rows.push({ source: key, ...use });
      }
      return { rows, hiddenCount: Math.max(0, total - rows.length) };
    },
  };
}
