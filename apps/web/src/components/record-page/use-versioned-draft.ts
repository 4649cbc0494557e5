import { useMemo, useRef, useState } from 'react';
import { isApiError } from '#lib/api-client.ts';
import { type RebaseOptions, rebaseDraft, sameDraftValue } from '#lib/draft-rebase.ts';

type BaseOptions<T, D> = {
  /**
   * The stored record the form starts from. A hook that starts before its record has loaded (or a dialog
   * that also creates) uses a type with null (`T | null`) and `adopt`s the first answer.
   */
  record: T;
  /** The form state of a stored record. A stable (module-level) function. */
  draftOf: (record: T) => D;
  /**
   * The newest stored record, bypassing the cache (for 'Neu laden' after a conflict); gets the stored
   * record the form is based on (a dialog that creates knows the id only after its first save).
   */
  fetchLatest: (base: T) => Promise<T>;
  rebase?: RebaseOptions;
  /** A record's own rebase of the draft onto a newer stored state (instead of the generic one). */
  rebaseWith?: (draft: D, oldBase: D, fresh: D) => D;
};

type Options<T, D> = BaseOptions<T, D> & {
  /** Whether the draft differs from the stored record; default: any field differs. */
  isDirty?: (draft: D, base: D) => boolean;
};

/** Where the draft lives: the hook's own state, or a form library's (react-hook-form: getValues / reset). */
type DraftStore<D> = {
  /** Replaces the draft by the result of `next` applied to the current draft. */
  update: (next: (current: D) => D) => void;
  /** Replaces the draft. */
  reset: (draft: D) => void;
};

/** The stored record, the conflict after a stale save and 'Neu laden' — shared by both hooks below. */
function useVersionedBase<T, D extends object>(
  { record, draftOf, fetchLatest, rebase, rebaseWith }: BaseOptions<T, D>,
  store: DraftStore<D>,
) {
  const [base, setBase] = useState<T>(record);
  const baseDraft = useMemo(() => draftOf(base), [base, draftOf]);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const mergeOnto = (current: D, oldBase: D, fresh: D) =>
    rebaseWith ? rebaseWith(current, oldBase, fresh) : rebaseDraft(current, oldBase, fresh, rebase);
  /**
   * A save succeeded: the form shows the stored state. `sent` is the draft the save sent: what the user
   * changed while the request ran stays on top of the stored state instead of being thrown away.
   */
  const saved = (fresh: T, sent?: D) => {
    setBase(fresh);
    if (sent) store.update((current) => mergeOnto(current, sent, draftOf(fresh)));
    else store.reset(draftOf(fresh));
    setConflict(false);
  };
  /** Whether the save failed on a stale version (then the conflict shows). */
  const saveFailed = (error: unknown): boolean => {
    const stale = isApiError(error) && error.status === 409 && error.code === 'CONFLICT';
    if (stale) setConflict(true);
    return stale;
  };
  const rebaseOn = (fresh: T) => {
    store.update((current) => mergeOnto(current, draftOf(base), draftOf(fresh)));
    setBase(fresh);
    setConflict(false);
  };

  return {
    base,
    /** The form state of the stored record. */
    baseDraft,
    setBase,
    conflict,
    /** 'Neu laden' is fetching the newest stored record. */
    reloading,
    saved,
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
        rebaseOn(await fetchLatest(base));
      } finally {
        setReloading(false);
      }
    },
  };
}

/**
 * The editing state of a versioned record (optimistic locking, decision 004): the stored record the form
 * is based on, the draft, dirty, and the conflict after a stale save (409 CONFLICT) — the draft stays;
 * `reloadLatest` rebases it on the newest stored record so the next save succeeds without losing anything.
 */
export function useVersionedDraft<T, D extends object>({ isDirty, ...options }: Options<T, D>) {
  const [draft, setDraft] = useState<D>(() => options.draftOf(options.record));
  const { setBase, ...record } = useVersionedBase(options, { update: setDraft, reset: setDraft });
  const { draftOf } = options;
  const dirty = isDirty ? isDirty(draft, record.baseDraft) : !sameDraftValue(draft, record.baseDraft);
  // `adopt` often runs from a request's callback made before the user typed: it must see today's edits.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;

  return {
    ...record,
    /** The callbacks of a save's `mutate`; edits made while it runs survive its success (see `saved`). */
    onSave: (after?: (fresh: T) => void) => {
      const sent = draft;
      return {
        onSuccess: (fresh: T) => {
          record.saved(fresh, sent);
          after?.(fresh);
        },
        onError: record.saveFailed,
      };
    },
    draft,
    setDraft,
    dirty,
    set: (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch })),
    /** A newer state from another action (upload, release …); the form follows when it has no edits. */
    adopt: (fresh: T) => {
      setBase(fresh);
      if (!dirtyNow.current) setDraft(draftOf(fresh));
    },
  };
}

/**
 * `useVersionedDraft` for a form that keeps its draft itself (react-hook-form): the hook holds only the
 * stored record, the conflict and 'Neu laden'; `saved` and the rebase write the draft through `form`
 * (`getValues` / `reset`). Whether the form is dirty is the form's own business.
 */
export function useVersionedForm<T, D extends object>({
  form,
  ...options
}: BaseOptions<T, D> & { form: { getValues: () => D; reset: (draft: D) => void } }) {
  const { setBase: _setBase, ...record } = useVersionedBase(options, {
    update: (next) => form.reset(next(form.getValues())),
    reset: (draft) => form.reset(draft),
  });
  return record;
}
