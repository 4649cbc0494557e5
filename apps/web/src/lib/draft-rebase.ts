/**
 * Drafts of versioned records (decision 004: a stale save answers 409 and the form keeps what the user
 * typed). After a conflict, 'Neu laden' takes the newest stored record as the base and puts the user's own
 * changes back on top: nothing typed is lost, and nothing someone else saved is silently overwritten where
 * the user did not touch it. One implementation for every record page and editor dialog.
 */
export type RebaseOptions = {
  /** The value of a field as compared, e.g. a picked employee → its id. Default: the value itself. */
  comparable?: (field: string, value: unknown) => unknown;
  /** Lists are sets: the user's additions and removals are applied to the newest list. */
  arraysAsSets?: boolean;
  /**
   * Fields holding fixed-size arrays (e.g. a matrix of cells): merged entry by entry, at any depth, so the
   * user's changed entries stay and every other entry takes the newest value.
   */
  byPosition?: readonly string[];
};

/** JSON equality, ignoring the form-only row keys `uid`. */
export function sameDraftValue(a: unknown, b: unknown): boolean {
  const json = (value: unknown) => JSON.stringify(value, (k, v) => (k === 'uid' ? undefined : v));
  return json(a) === json(b);
}

/** The fields of `draft` that differ from `base`. */
export function changedDraftFields<D extends object>(
  draft: D,
  base: D,
  options: RebaseOptions = {},
): (keyof D)[] {
  const value = (field: string, v: unknown) => (options.comparable ? options.comparable(field, v) : v);
  const fields = Object.keys({ ...base, ...draft }) as (keyof D & string)[];
  return fields.filter((field) => !sameDraftValue(value(field, draft[field]), value(field, base[field])));
}

/** The newest stored state with the user's changes (against `oldBase`) put back on top. */
export function rebaseDraft<D extends object>(
  draft: D,
  oldBase: D,
  fresh: D,
  options: RebaseOptions = {},
): D {
  const next = { ...fresh } as Record<keyof D, unknown>;
  for (const field of changedDraftFields(draft, oldBase, options)) {
    const [mine, old, newest] = [draft[field], oldBase[field], fresh[field]];
    if (options.byPosition?.includes(String(field))) {
      next[field] = mergeByPosition(mine, old, newest);
    } else if (options.arraysAsSets && Array.isArray(mine) && Array.isArray(old) && Array.isArray(newest)) {
      const removed = old.filter((item) => !mine.some((m) => sameDraftValue(m, item)));
      const added = mine.filter(
        (item) => !old.some((o) => sameDraftValue(o, item)) && !newest.some((n) => sameDraftValue(n, item)),
      );
      next[field] = [...newest.filter((item) => !removed.some((r) => sameDraftValue(r, item))), ...added];
    } else {
      next[field] = mine;
    }
  }
  return next as D;
}

/** Entry by entry where all three are arrays of the same length; otherwise the user's value if changed. */
function mergeByPosition(mine: unknown, old: unknown, newest: unknown): unknown {
  if (sameDraftValue(mine, old)) return newest;
  if (
    Array.isArray(mine) &&
    Array.isArray(old) &&
    Array.isArray(newest) &&
    mine.length === old.length &&
    old.length === newest.length
  ) {
    return newest.map((entry, i) => mergeByPosition(mine[i], old[i], entry));
  }
  return mine;
}
