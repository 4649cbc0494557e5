import {
  ACCIDENT_HEALTH_FIELDS,
  type Accident,
  type CreateAccident,
  type Injury,
  type Witness,
} from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { INJURING_EVENT_TYPES } from '@schutzwerk/shared/accidents/catalogues.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';

/**
 * The wizard's draft (decision 047): one object for all steps, so leaving a step loses nothing; kept in the tab's
 * sessionStorage on every change, so a reload or a dropped network loses nothing either — and health data does
 * not outlive the browser tab on a shared device. Cleared when the report is filed.
 */
export type AccidentDraft = {
  eventType: number | null;
  person: 'internal' | 'external';
  employee: EmployeePickerRow | null;
  externalName: string;
  externalCompany: string;
  /** datetime-local values (the browser's time zone). */
  accidentAt: string;
  firstAidAt: string;
  confirmFutureTime: boolean;
  location: { id: number; name: string; path?: string } | null;
  department: { id: number; name: string; path?: string } | null;
  injuries: Injury[];
  injuryCategory: number | null;
  injuryDescription: string;
  description: string;
  witnesses: Witness[];
  firstAiders: { employeeId: number | null; name: string }[];
  doctor: string;
  hospital: string;
  protectiveGear: string;
  reportable: boolean;
  fatal: boolean;
  hospitalised: boolean;
  comment: string;
  /** Step 6: the checklist to fill for this report (decision 056). */
  checklist: { id: number; label: string } | null;
};

export const EMPTY_DRAFT: AccidentDraft = {
  eventType: null,
  person: 'internal',
  employee: null,
  externalName: '',
  externalCompany: '',
  accidentAt: '',
  firstAidAt: '',
  confirmFutureTime: false,
  location: null,
  department: null,
  injuries: [],
  injuryCategory: null,
  injuryDescription: '',
  description: '',
  witnesses: [],
  firstAiders: [],
  doctor: '',
  hospital: '',
  protectiveGear: '',
  reportable: false,
  fatal: false,
  hospitalised: false,
  comment: '',
  checklist: null,
};

const KEY = 'schutzwerk.accidentDraft';

export function loadDraft(userId: number): AccidentDraft {
  try {
    const raw = sessionStorage.getItem(`${KEY}.${userId}`);
    if (!raw) return EMPTY_DRAFT;
    return { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<AccidentDraft>) };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function storeDraft(userId: number, draft: AccidentDraft): void {
  try {
    sessionStorage.setItem(`${KEY}.${userId}`, JSON.stringify(draft));
  } catch {
    // A full or blocked storage keeps the draft in memory only.
  }
}

export function clearDraft(userId: number): void {
  sessionStorage.removeItem(`${KEY}.${userId}`);
}

export function isDraftEmpty(draft: AccidentDraft): boolean {
  return JSON.stringify(draft) === JSON.stringify(EMPTY_DRAFT);
}

/** A datetime-local value as ISO 8601 with offset ('' stays '' — the server names the missing field). */
export function toIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/** Whether the accident time lies in the future (the warning of spec §5). */
export function isFuture(local: string, now = new Date()): boolean {
  if (!local) return false;
  const d = new Date(local);
  return !Number.isNaN(d.getTime()) && d.getTime() > now.getTime() + 60_000;
}

export const injures = (draft: AccidentDraft) =>
  draft.eventType !== null && (INJURING_EVENT_TYPES as readonly number[]).includes(draft.eventType);

/** The steps (spec: 1 type, 2 employee, 3 location, 4 injuries, 5 details, 6 checklist — decisions 047, 056). */
export const STEPS = ['type', 'person', 'place', 'injuries', 'details', 'checklist', 'summary'] as const;
export type Step = (typeof STEPS)[number];

/** The missing required input of a step, as i18n keys by field (the server checks the same again). */
export function stepErrors(step: Step, draft: AccidentDraft): Record<string, string> {
  const e: Record<string, string> = {};
  if (step === 'type' && draft.eventType === null) e.eventType = 'accidents.required.eventType';
  if (step === 'person') {
    if (draft.person === 'internal' && !draft.employee) e.employeeId = 'accidents.required.employee';
    if (draft.person === 'external' && !draft.externalName.trim())
      e.externalName = 'accidents.required.externalName';
    if (draft.person === 'external' && !draft.externalCompany.trim())
      e.externalCompany = 'accidents.required.externalCompany';
  }
  if (step === 'place') {
    if (!draft.accidentAt) e.accidentAt = 'accidents.required.accidentAt';
    if (!draft.firstAidAt) e.firstAidAt = 'accidents.required.firstAidAt';
    if (!draft.location) e.locationId = 'accidents.required.location';
    if (isFuture(draft.accidentAt) && !draft.confirmFutureTime)
      e.confirmFutureTime = 'accidents.futureConfirm';
  }
  if (step === 'injuries' && injures(draft) && draft.injuryCategory === null)
    e.injuryCategory = 'accidents.required.injuryCategory';
  if (step === 'details')
    draft.witnesses.forEach((w, i) => {
      if (!w.name.trim()) e[`witnesses.${i}.name`] = 'accidents.required.witnessName';
    });
  return e;
}

/** The step a server field error belongs to. */
export function stepOfField(field: string): Step {
  if (field === 'eventType') return 'type';
  if (['employeeId', 'externalName', 'externalCompany'].includes(field)) return 'person';
  if (['accidentAt', 'firstAidAt', 'locationId', 'departmentId', 'confirmFutureTime'].includes(field))
    return 'place';
  if (field.startsWith('injur')) return 'injuries';
  if (field === 'checklistId') return 'checklist';
  return 'details';
}

export function toCreate(draft: AccidentDraft): CreateAccident {
  const internal = draft.person === 'internal';
  return {
    eventType: draft.eventType ?? 0,
    employeeId: internal ? (draft.employee?.id ?? null) : null,
    externalName: internal ? '' : draft.externalName,
    externalCompany: internal ? '' : draft.externalCompany,
    accidentAt: toIso(draft.accidentAt),
    firstAidAt: toIso(draft.firstAidAt),
    locationId: draft.location?.id ?? null,
    departmentId: draft.department?.id ?? null,
    injuries: injures(draft) ? draft.injuries : [],
    injuryCategory: injures(draft) ? draft.injuryCategory : null,
    injuryDescription: draft.injuryDescription,
    description: draft.description,
    witnesses: draft.witnesses,
    firstAiders: draft.firstAiders.filter((f) => f.employeeId !== null || f.name.trim()),
    doctor: draft.doctor,
    hospital: draft.hospital,
    protectiveGear: draft.protectiveGear,
    reportable: draft.reportable,
    fatal: draft.fatal,
    hospitalised: draft.hospitalised,
    comment: draft.comment,
    confirmFutureTime: draft.confirmFutureTime,
    checklistId: draft.checklist?.id ?? null,
  };
}

/** An ISO time as a datetime-local value in the browser's time zone. */
export function toLocal(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The draft of a stored report (editing). Hidden health fields start empty and are never sent. */
export function draftOfAccident(a: Accident): AccidentDraft {
  const [lastName = '', firstName = ''] = (a.employeeName ?? '').split(', ');
  return {
    eventType: a.eventType,
    person: a.employeeId === null ? 'external' : 'internal',
    employee:
      a.employeeId === null
        ? null
        : { id: a.employeeId, personnelNumber: '', lastName, firstName, departmentName: null },
    externalName: a.externalName,
    externalCompany: a.externalCompany,
    accidentAt: toLocal(a.accidentAt),
    firstAidAt: toLocal(a.firstAidAt),
    confirmFutureTime: false,
    location: a.locationId === null ? null : { id: a.locationId, name: a.locationName ?? '' },
    department: a.departmentId === null ? null : { id: a.departmentId, name: a.departmentName ?? '' },
    injuries: a.injuries ?? [],
    injuryCategory: a.injuryCategory,
    injuryDescription: a.injuryDescription ?? '',
    description: a.description,
    witnesses: a.witnesses,
    firstAiders: a.firstAiders,
    doctor: a.doctor ?? '',
    hospital: a.hospital ?? '',
    protectiveGear: a.protectiveGear,
    reportable: a.reportable,
    fatal: a.fatal,
    hospitalised: a.hospitalised ?? false,
    comment: a.comment,
    checklist: a.checklist ? { id: a.checklist.id, label: a.checklist.label } : null,
  };
}

/**
 * The partial update of an edit (decision 024): only the fields that differ from the stored report; health fields
 * only when the caller may see them; a changed accident time carries its confirmation.
 */
export function changedFields(
  draft: AccidentDraft,
  base: AccidentDraft,
  health: boolean,
): Partial<CreateAccident> {
  const now = toCreate(draft);
  const before = toCreate(base);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof CreateAccident)[]) {
    if (key === 'confirmFutureTime') continue;
    if (!health && (ACCIDENT_HEALTH_FIELDS as readonly string[]).includes(key)) continue;
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) patch[key] = now[key];
  }
  if ('accidentAt' in patch) patch.confirmFutureTime = draft.confirmFutureTime;
  return patch as Partial<CreateAccident>;
}
