import type {
  EmployeeRef,
  Location,
  UpdateLocation,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import {
  ESCALATION_LEVELS,
  updateLocationSchema,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { rebaseDraft } from '#lib/draft-rebase.ts';

/** What the location form edits: texts as typed (empty = none), the lists as shown. */
export type LocationDraft = {
  name: string;
  street: string;
  zip: string;
  city: string;
  phone: string;
  fax: string;
  email: string;
  emergencyNumber: string;
  fireNumber: string;
  escalationLevels: { level: number; employee: EmployeeRef | null; email: string; phone: string }[];
  responsibilities: { employee: EmployeeRef; title: string }[];
  /** `key` identifies a row in the form (new rows have no id yet). */
  designations: { key: string; id?: number; name: string }[];
};

export function draftFromLocation(location: Location): LocationDraft {
  return {
    name: location.name,
    street: location.street ?? '',
    zip: location.zip ?? '',
    city: location.city ?? '',
    phone: location.phone ?? '',
    fax: location.fax ?? '',
    email: location.email ?? '',
    emergencyNumber: location.emergencyNumber ?? '',
    fireNumber: location.fireNumber ?? '',
    escalationLevels: ESCALATION_LEVELS.map((level) => {
      const found = location.escalationLevels.find((l) => l.level === level);
      return {
        level,
        employee: found?.employee ?? null,
        email: found?.email ?? '',
        phone: found?.phone ?? '',
      };
    }),
    responsibilities: location.responsibilities.map((r) => ({ employee: r.employee, title: r.title ?? '' })),
    designations: location.designations.map((d) => ({ key: `d${d.id}`, id: d.id, name: d.name })),
  };
}

/** The PATCH body for a draft. */
export function payloadFromDraft(draft: LocationDraft, version: number): UpdateLocation {
  return {
    version,
    name: draft.name,
    street: draft.street,
    zip: draft.zip,
    city: draft.city,
    phone: draft.phone,
    fax: draft.fax,
    email: draft.email,
    emergencyNumber: draft.emergencyNumber,
    fireNumber: draft.fireNumber,
    escalationLevels: draft.escalationLevels.map((l) => ({
      level: l.level,
      employeeId: l.employee?.id ?? null,
      email: l.email,
      phone: l.phone,
    })),
    responsibilities: draft.responsibilities.map((r) => ({ employeeId: r.employee.id, title: r.title })),
    designations: draft.designations.map((d) =>
      d.id === undefined ? { name: d.name } : { id: d.id, name: d.name },
    ),
  };
}

/** Field messages of the draft, keyed like the server's field paths ('email', 'designations.1.name'). */
export function validateLocationDraft(draft: LocationDraft): Record<string, string> {
  const result = updateLocationSchema.safeParse(payloadFromDraft(draft, 1));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

const comparable = (draft: LocationDraft) =>
  JSON.stringify({
    ...draft,
    escalationLevels: draft.escalationLevels.map((l) => [l.level, l.employee?.id ?? null, l.email, l.phone]),
    responsibilities: draft.responsibilities.map((r) => [r.employee.id, r.title]),
    designations: draft.designations.map((d) => [d.id ?? null, d.name]),
  });

export function isLocationDraftDirty(draft: LocationDraft, base: LocationDraft): boolean {
  return comparable(draft) !== comparable(base);
}

/**
 * After 409 CONFLICT and 'Neu laden': every field and list the user changed keeps the user's value;
 * everything the user left alone takes the newer server value.
 */
export function rebaseLocationDraft(
  draft: LocationDraft,
  oldBase: LocationDraft,
  newBase: LocationDraft,
): LocationDraft {
  return rebaseDraft(draft, oldBase, newBase);
}
