import { useMemo, useRef, useState } from 'react';
import { isApiError } from '#lib/api-client.ts';
import { type RebaseOptions, rebaseDraft, sameDraftValue } from '#lib/draft-rebase.ts';

type Options<T, D> = {
  record: T;
  /** The form state of a stored record. A stable (module-level) function. */
  draftOf: (record: T) => D;
  /** The newest stored record, bypassing the cache (for 'Neu laden' after a conflict). */
  fetchLatest: () => Promise<T>;
  rebase?: RebaseOptions;
  /** A record's own rebase of the draft onto a newer stored state (instead of the generic one). */
  rebaseWith?: (draft: D, oldBase: D, fresh: D) => D;
  /** Whether the draft differs from the stored record; default: any field differs. */
  isDirty?: (draft: D, base: D) => boolean;
};

/**
 * The editing state of a versioned record (optimistic locking, decision 004): the stored record the form
 * is based on, the draft, dirty, and the conflict after a stale save (409 CONFLICT) — the draft stays;
 * `reloadLatest` rebases it on the newest stored record so the next save succeeds without losing anything.
 */
export function useVersionedDraft<T, D extends object>({
  record,
  draftOf,
  fetchLatest,
  rebase,
  rebaseWith,
  isDirty,
}: Options<T, D>) {
  const [base, setBase] = useState<T>(record);
  const baseDraft = useMemo(() => draftOf(base), [base, draftOf]);
  const [draft, setDraft] = useState<D>(baseDraft);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const dirty = isDirty ? isDirty(draft, baseDraft) : !sameDraftValue(draft, baseDraft);
  // `adopt` often runs from a request's callback made before the user typed: it must see today's edits.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const saved = (fresh: T) => {
    setBase(fresh);
    setDraft(draftOf(fresh));
    setConflict(false);
  };
  const saveFailed = (error: unknown) => {
    if (isApiError(error) && error.status === 409 && error.code === 'CONFLICT') setConflict(true);
  };
  const rebaseOn = (fresh: T) => {
    setDraft((current) =>
      rebaseWith
        ? rebaseWith(current, draftOf(base), draftOf(fresh))
        : rebaseDraft(current, draftOf(base), draftOf(fresh), rebase),
    );
    setBase(fresh);
    setConflict(false);
  };

  return {
    base,
    draft,
    setDraft,
    dirty,
    conflict,
    /** 'Neu laden' is fetching the newest stored record. */
    reloading,
    set: (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch })),
    /** A save succeeded: the form shows the stored state. */
    saved,
    /** A newer state from another action (upload, release …); the form follows when it has no edits. */
    adopt: (fresh: T) => {
      setBase(fresh);
      if (!dirtyNow.current) setDraft(draftOf(fresh));
    },
    /** To call from a save's onError: a stale version shows the conflict, the draft stays. */
    saveFailed,
    /** The callbacks of a save's `mutate`: `saved`, then `after` (e.g. the notification); `saveFailed`. */
    onSave: (after?: (fresh: T) => void) => ({
      onSuccess: (fresh: T) => {
        saved(fresh);
        after?.(fresh);
      },
      onError: saveFailed,
    }),
    /** A newer stored record (e.g. loaded after a conflict): the user's changes stay on top of it. */
    rebaseOn,
    /** Fetches the newest stored record and rebases the draft on it; a failed fetch rejects. */
    reloadLatest: async () => {
      setReloading(true);
      try {
        rebaseOn(await fetchLatest());
      } finally {
        setReloading(false);
      }
    },
  };
}
