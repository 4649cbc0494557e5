import type {
  Department,
  EmployeeRef,
  UpdateDepartment,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { monthlyHoursSchema } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { formatNumber } from '#lib/format.ts';

export type DepartmentDraft = {
  name: string;
  isContainer: boolean;
  monthlyHours: string;
  /** The head (Abteilungsleitung, decision 045). */
  head: EmployeeRef | null;
};

export function draftFromDepartment(department: Department): DepartmentDraft {
  return {
    name: department.name,
    isContainer: department.isContainer,
    monthlyHours: department.monthlyHours === null ? '' : formatNumber(department.monthlyHours),
    head: department.head,
  };
}

/** '164,67' (German) or '164.67' → 164.67; '' → null; anything else → NaN. */
export function parseHours(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  // Hours stay below 1000: a dot is a decimal point as well, never a thousands separator.
  const normalised = trimmed.replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

export function validateDepartmentDraft(draft: DepartmentDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.name.trim() === '') errors.name = 'Bitte geben Sie einen Namen an.';
  if (draft.isContainer) {
    const hours = parseHours(draft.monthlyHours);
    if (hours !== null) {
      const check = monthlyHoursSchema.safeParse(hours);
      if (!check.success) errors.monthlyHours = check.error.issues[0]?.message ?? '';
    }
  }
  return errors;
}

export function payloadFromDepartmentDraft(draft: DepartmentDraft, version: number): UpdateDepartment {
  return {
    version,
    name: draft.name,
    isContainer: draft.isContainer,
    monthlyHours: draft.isContainer ? parseHours(draft.monthlyHours) : null,
    headEmployeeId: draft.head?.id ?? null,
  };
}

export function isDepartmentDraftDirty(draft: DepartmentDraft, base: DepartmentDraft): boolean {
  return (
    draft.name !== base.name ||
    draft.isContainer !== base.isContainer ||
    parseHours(draft.monthlyHours) !== parseHours(base.monthlyHours) ||
    (draft.head?.id ?? null) !== (base.head?.id ?? null)
  );
}

export function rebaseDepartmentDraft(
  draft: DepartmentDraft,
  oldBase: DepartmentDraft,
  newBase: DepartmentDraft,
): DepartmentDraft {
  return {
    name: draft.name !== oldBase.name ? draft.name : newBase.name,
    isContainer: draft.isContainer !== oldBase.isContainer ? draft.isContainer : newBase.isContainer,
    monthlyHours: draft.monthlyHours !== oldBase.monthlyHours ? draft.monthlyHours : newBase.monthlyHours,
    head: (draft.head?.id ?? null) !== (oldBase.head?.id ?? null) ? draft.head : newBase.head,
  };
}
