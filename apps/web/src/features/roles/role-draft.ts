import type { Role } from '@schutzwerk/shared/roles/role.schema.ts';
import { rebaseDraft as rebase } from '#lib/draft-rebase.ts';

/** What the role editor lets the user change. */
export type RoleDraft = { name: string; description: string; permissions: readonly number[] };

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

export function draftFromRole(role: Pick<Role, 'name' | 'description' | 'permissions'>): RoleDraft {
  return { name: role.name, description: role.description, permissions: sorted(role.permissions) };
}

function samePermissions(a: readonly number[], b: readonly number[]): boolean {
  const x = sorted(a);
  const y = sorted(b);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

export function isDraftDirty(draft: RoleDraft, base: RoleDraft): boolean {
  return (
    draft.name !== base.name ||
    draft.description !== base.description ||
    !samePermissions(draft.permissions, base.permissions)
  );
}

/**
 * Moves the user's edits onto a newer server state (after 409 CONFLICT and 'Neu laden'): every field and
 * every permission the user changed keeps the user's value; what the user left alone takes the new value.
 */
export function rebaseDraft(draft: RoleDraft, oldBase: RoleDraft, newBase: RoleDraft): RoleDraft {
  const next = rebase(draft, oldBase, newBase, { arraysAsSets: true });
  return { ...next, permissions: sorted(next.permissions) };
}
