import type { Activity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { normalizeDesignations } from '@schutzwerk/shared/activities/activity-tree.ts';
import { rebaseDraft as rebase } from '#lib/draft-rebase.ts';

/** What the edit form holds: designations as text, one per line. */
export type ActivityDraft = { name: string; description: string; designations: string };

export function draftFromActivity(activity: Activity): ActivityDraft {
  return {
    name: activity.name,
    description: activity.description,
    designations: activity.designations.join('\n'),
  };
}

/** The designations of the text field, as the server will store them. */
export function designationsFromText(text: string): string[] {
  return normalizeDesignations(text.split('\n'));
}

export function isDraftDirty(draft: ActivityDraft, base: ActivityDraft): boolean {
  return (
    draft.name.trim() !== base.name.trim() ||
    draft.description.trim() !== base.description.trim() ||
    designationsFromText(draft.designations).join('\n') !== designationsFromText(base.designations).join('\n')
  );
}

/**
 * After a conflict: the fields the user changed keep the user's value, all others take the newer server
 * value, so "Neu laden" loses nothing that was typed.
 */
export function rebaseDraft(
  draft: ActivityDraft,
  oldBase: ActivityDraft,
  newBase: ActivityDraft,
): ActivityDraft {
  return rebase(draft, oldBase, newBase);
}
