import type { SettingsCategory } from '@schutzwerk/shared/settings/settings.schema.ts';
import type { z } from 'zod';

/**
 * A category's value as stored, made whole: stored fields that still pass their field schema, the defaults for
 * the rest (a field added later, a damaged one). Secret fields keep their sealed text.
 */
export function mergeSettingsValue(
  c: SettingsCategory,
  stored: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const value: Record<string, unknown> = { ...(c.defaults as Record<string, unknown>) };
  if (!stored) return value;
  for (const [field, schema] of Object.entries(c.schema.shape)) {
    if (c.secretFields.includes(field)) {
      if (typeof stored[field] === 'string') value[field] = stored[field];
      continue;
    }
    if (!(field in stored)) continue;
    const parsed = (schema as z.ZodType).safeParse(stored[field]);
    if (parsed.success) value[field] = parsed.data;
  }
  return value;
}
