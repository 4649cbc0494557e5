import {
  changedSecretBindingFields,
  type SettingsCategory,
} from '@schutzwerk/shared/settings/settings.schema.ts';
import { rebaseDraft as rebase } from '#lib/draft-rebase.ts';

export type Draft = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields the user changed compared with the value the form is based on. */
export function changedFields(draft: Draft, base: Draft): string[] {
  return Object.keys({ ...base, ...draft }).filter((field) => !same(draft[field], base[field]));
}

/**
 * After a conflict: start from the newest stored value and put the user's own changes back on top,
 * so nothing typed is lost and nothing someone else saved is silently overwritten where the user did
 * not touch it.
 */
export function rebaseDraft(draft: Draft, oldBase: Draft, freshBase: Draft): Draft {
  return rebase(draft, oldBase, freshBase, { arraysAsSets: true });
}

/**
 * Live check in the browser with the category's own schema (the server checks again): German messages
 * by field. A secret left as null (keep the stored one) is checked as an empty text.
 */
export function validateDraft(category: SettingsCategory | undefined, draft: Draft): Record<string, string> {
  if (!category) return {};
  const candidate = { ...draft };
  for (const field of category.secretFields) if (candidate[field] === null) candidate[field] = '';
  const result = category.schema.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The stored secrets that saving this draft will remove because a field they are bound to changed and
 * the secret was not entered again (the server does the same, decision 025): the form says so beside
 * the secret's field.
 */
export function secretsToBeRemoved(
  category: SettingsCategory | undefined,
  secretsSet: readonly string[],
  draft: Draft,
  base: Draft,
): string[] {
  if (!category) return [];
  return category.secretFields.filter(
    (field) =>
      secretsSet.includes(field) &&
      (draft[field] === null || draft[field] === undefined) &&
      changedSecretBindingFields(category, field, base, draft).length > 0,
  );
}
