import { z } from 'zod';

/**
 * A settings category: one JSON value per installation, validated by its zod object schema, read with
 * SETTINGS_READONLY or any of its write rights, written with its write rights (main portal only).
 * Secret fields are stored encrypted and never sent to the browser: the answer lists which are set.
 */
export type SettingsCategory<S extends z.ZodObject = z.ZodObject> = {
  readonly key: string;
  readonly schema: S;
  readonly defaults: z.output<S>;
  /** Rights that may read besides SETTINGS_READONLY (the write rights may always read). */
  readonly readAnyOf: readonly number[];
  readonly writeAnyOf: readonly number[];
  readonly secretFields: readonly string[];
};

export function defineSettingsCategory<S extends z.ZodObject>(def: {
  key: string;
  schema: S;
  defaults: z.output<S>;
  readAnyOf?: readonly number[];
  writeAnyOf: readonly number[];
  secretFields?: readonly (keyof z.output<S> & string)[];
}): SettingsCategory<S> {
  return {
    key: def.key,
    schema: def.schema,
    defaults: def.defaults,
    readAnyOf: def.readAnyOf ?? [],
    writeAnyOf: def.writeAnyOf,
    secretFields: def.secretFields ?? [],
  };
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
 * A secret field left out (or null) keeps its stored value; an empty string removes it.
 */
export const updateSettingsSchema = z.object({
  version: z.number().int().min(0),
  value: z.record(z.string(), z.unknown()),
});
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

export const settingsCategoryListSchema = z.object({
  data: z.array(z.object({ key: z.string(), canEdit: z.boolean() })),
});
