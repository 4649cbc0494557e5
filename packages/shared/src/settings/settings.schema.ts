import { z } from 'zod';

/**
 * A settings category: one JSON value per installation (or per portal, `scope: 'portal'`), validated by its
 * zod object schema, read with SETTINGS_READONLY or any of its write rights, written with its write rights
 * (an installation-wide category from the main portal only; a portal's category by the portal's own staff).
 * Secret fields are stored encrypted and never sent to the browser: the answer lists which are set.
 */
export type SettingsCategory<S extends z.ZodObject = z.ZodObject> = {
  readonly key: string;
  /** 'installation': one value for all portals; 'portal': one value per portal, defaults where none is stored. */
  readonly scope: 'installation' | 'portal';
  readonly schema: S;
  readonly defaults: z.output<S>;
  /** Rights that may read besides SETTINGS_READONLY (the write rights may always read). */
  readonly readAnyOf: readonly number[];
  readonly writeAnyOf: readonly number[];
  readonly secretFields: readonly string[];
  /**
   * For each secret field, the fields it is bound to (decision 025): a secret is only used with the values
   * of these fields it was entered for; saving other values without entering the secret again removes it.
   */
  readonly secretBindings: Readonly<Record<string, readonly string[]>>;
};

export function defineSettingsCategory<S extends z.ZodObject>(def: {
  key: string;
  /** Default 'installation'. */
  scope?: 'installation' | 'portal';
  schema: S;
  defaults: z.output<S>;
  readAnyOf?: readonly number[];
  writeAnyOf: readonly number[];
  /**
   * The secret fields, each with the fields it is bound to (e.g. an SMTP password to host, port, security
   * and user; `[]` for a secret that holds for any value of the others).
   */
  secrets?: { readonly [F in keyof z.output<S> & string]?: readonly (keyof z.output<S> & string)[] };
}): SettingsCategory<S> {
  const secretBindings: Record<string, readonly string[]> = {};
  for (const [field, boundTo] of Object.entries(def.secrets ?? {}))
    secretBindings[field] = [...((boundTo as readonly string[] | undefined) ?? [])];
  return {
    key: def.key,
    scope: def.scope ?? 'installation',
    schema: def.schema,
    defaults: def.defaults,
    readAnyOf: def.readAnyOf ?? [],
    writeAnyOf: def.writeAnyOf,
    secretFields: Object.keys(secretBindings),
    secretBindings,
  };
}

/** The values of the fields a secret is bound to, in declared order (what the secret was entered for). */
export function secretBinding(
  category: SettingsCategory,
  field: string,
  value: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const binding: Record<string, unknown> = {};
  for (const bound of category.secretBindings[field] ?? []) binding[bound] = value[bound] ?? null;
  return binding;
}

/**
 * Whether a stored secret's binding (null: stored before secrets were bound, or unknown) is the binding
 * the secret would need for `value`. A secret bound to nothing matches every value.
 */
export function secretBindingMatches(
  category: SettingsCategory,
  field: string,
  boundTo: Readonly<Record<string, unknown>> | null,
  value: Readonly<Record<string, unknown>>,
): boolean {
  const expected = secretBinding(category, field, value);
  const fields = Object.keys(expected);
  if (boundTo === null) return fields.length === 0;
  if (Object.keys(boundTo).length !== fields.length) return false;
  return fields.every(
    (f) => Object.hasOwn(boundTo, f) && JSON.stringify(boundTo[f]) === JSON.stringify(expected[f]),
  );
}

/** The bound fields of a secret whose value differs between two states of the category (e.g. saved and draft). */
export function changedSecretBindingFields(
  category: SettingsCategory,
  field: string,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): string[] {
  return (category.secretBindings[field] ?? []).filter(
    (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null),
  );
}

export const settingsKeySchema = z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/);

/** One category as the API answers it (secret fields are null; `secretsSet` names the ones that hold a value). */
export const settingsAnswerSchema = z.object({
  key: z.string(),
  value: z.record(z.string(), z.unknown()),
  secretsSet: z.array(z.string()),
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  canEdit: z.boolean(),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/**
 * Save a category: the whole value with the version it is based on (0 while the defaults apply).
 * A secret field left out (or null) keeps its stored value as long as the fields it is bound to keep
 * theirs (otherwise it is removed and must be entered again); an empty string removes it.
 */
export const updateSettingsSchema = z.object({
  version: z.number().int().min(0),
  value: z.record(z.string(), z.unknown()),
});
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

export const settingsCategoryListSchema = z.object({
  data: z.array(z.object({ key: z.string(), canEdit: z.boolean() })),
});
