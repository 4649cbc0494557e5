import type { z } from 'zod';

/** The first message per field path ('ingredients.0.casNumber') of a failed shared-schema check. */
export function issueMap(error: z.ZodError | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in map)) map[key] = issue.message;
  }
  return map;
}
