import { settingsCategories } from '@schutzwerk/shared/settings/categories.ts';
import type { SettingsAnswer } from '@schutzwerk/shared/settings/settings.schema.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { settingsQueryOptions } from './api/get-settings.ts';
import { useUpdateSettings } from './api/update-settings.ts';
import {
  changedFields,
  type Draft,
  rebaseDraft,
  secretsToBeRemoved,
  validateDraft,
} from './settings-draft.ts';

export type SettingsFormState<T extends Draft = Draft> = {
  status: 'loading' | 'error' | 'ready';
  loadError: unknown;
  key: string;
  /** The draft the fields show. A secret field is null while the stored value is kept. */
  value: T;
  setField: <K extends keyof T & string>(field: K, value: T[K]) => void;
  /** The German message for a field once touched (or after a save attempt), from the browser or the server. */
  errorOf: (field: keyof T & string) => string | undefined;
  secretsSet: readonly string[];
  /** Stored secrets that saving will remove: a field they are bound to changed and they were not entered again. */
  secretsToBeRemoved: readonly string[];
  canEdit: boolean;
  dirty: boolean;
  valid: boolean;
  save: () => void;
  saving: boolean;
  conflict: boolean;
  reloading: boolean;
  reload: () => void;
  /** A failed save other than a conflict or field errors. */
  saveError: string | null;
  conflictMessage: string | null;
  version: number;
  updatedAt: string | null;
};

const emptyDraft: Draft = {};
const storedValue = (answer: SettingsAnswer | null): Draft => answer?.value ?? emptyDraft;

/**
 * One settings category as an editable form: loads it, keeps the user's draft, validates live with the
 * shared schema, saves with the version (409 keeps the draft and offers a reload that keeps the user's
 * changes on top of the newest value).
 */
export function useSettingsForm<T extends Draft>(key: string): SettingsFormState<T> {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(settingsQueryOptions(key));
  const update = useUpdateSettings(key);
  const category = settingsCategories[key];

  /** The stored category once loaded (its version goes with the next save), the draft, the conflict. */
  const record = useVersionedDraft<SettingsAnswer | null, Draft>({
    record: null,
    draftOf: storedValue,
    fetchLatest: () => queryClient.fetchQuery({ ...settingsQueryOptions(key), staleTime: 0 }),
    rebaseWith: rebaseDraft,
    isDirty: (draft, baseValue) => changedFields(draft, baseValue).length > 0,
  });
  const { base, draft, setDraft, dirty, conflict, reloading } = record;
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // Take the first answer as the base; later refetches must not overwrite what the user typed.
  const { adopt } = record;
  useEffect(() => {
    if (query.data && !base) adopt(query.data);
  }, [query.data, base, adopt]);

  const baseValue = record.baseDraft;
  const clientErrors = useMemo(() => validateDraft(category, draft), [category, draft]);

  const reload = async () => {
    try {
      await record.reloadLatest();
      update.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const save = () => {
    setSubmitted(true);
    if (!base || update.isPending || Object.keys(clientErrors).length > 0) return;
    setServerErrors({});
    update.mutate(
      { version: base.version, value: draft },
      {
        onSuccess: (saved) => {
          record.saved(saved);
          setSubmitted(false);
          setTouched({});
          notify(t('settings.saved'));
        },
        onError: (error) => {
          record.saveFailed(error);
          const byField: Record<string, string> = {};
          for (const [path, message] of Object.entries(fieldErrors(error))) {
            byField[path.replace(/^value\./, '')] = message;
          }
          setServerErrors(byField);
        },
      },
    );
  };

  const fieldHasServerError = Object.keys(serverErrors).length > 0;
  return {
    status: base ? 'ready' : query.isError ? 'error' : 'loading',
    loadError: query.error,
    key,
    value: draft as T,
    setField: (field, value) => {
      setDraft((d) => ({ ...d, [field]: value }));
      setTouched((s) => ({ ...s, [field]: true }));
      setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== field)));
    },
    errorOf: (field) =>
      submitted || touched[field] ? (clientErrors[field] ?? serverErrors[field]) : serverErrors[field],
    secretsSet: base?.secretsSet ?? [],
    secretsToBeRemoved: secretsToBeRemoved(category, base?.secretsSet ?? [], draft, baseValue),
    canEdit: base?.canEdit ?? false,
    dirty,
    valid: Object.keys(clientErrors).length === 0,
    save,
    saving: update.isPending,
    conflict,
    reloading,
    reload: () => void reload(),
    saveError: update.error && !conflict && !fieldHasServerError ? errorMessage(update.error, t) : null,
    conflictMessage: conflict ? errorMessage(update.error, t) : null,
    version: base?.version ?? 0,
    updatedAt: base?.updatedAt ?? null,
  };
}

/**
 * A whole-number field's text for the settings draft: digits become a number, '' becomes `empty`, anything else
 * stays text, so the category's shared zod check names it in German next to the field (the cast only carries
 * that text to the check; the server validates the same schema).
 */
export function wholeNumberFromInput<E extends null | string>(text: string, empty: E): number | E {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}
