import type { Location } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { describe, expect, it } from 'vitest';
import {
  draftFromDepartment,
  isDepartmentDraftDirty,
  parseHours,
  payloadFromDepartmentDraft,
  validateDepartmentDraft,
} from './department-draft.ts';
import {
  draftFromLocation,
  isLocationDraftDirty,
  payloadFromDraft,
  rebaseLocationDraft,
  validateLocationDraft,
} from './location-draft.ts';

const employee = {
  id: 7,
  personnelNumber: '000101',
  lastName: 'Hoffmann',
  firstName: 'Katrin',
  departmentName: null,
};
const location: Location = {
  id: 1,
  parentId: null,
  name: 'Werk Köln-Niehl',
  path: ['Werk Köln-Niehl'],
  street: 'Emdener Straße 278',
  zip: '50735',
  city: 'Köln',
  phone: null,
  fax: null,
  email: null,
  emergencyNumber: '2222',
  fireNumber: '112',
  escalationLevels: [{ level: 1, employee, email: null, phone: '0171 4455667' }],
  responsibilities: [{ employee, title: 'Fachkraft für Arbeitssicherheit' }],
  designations: [{ id: 3, name: 'Tor 1' }],
  childCount: 0,
  employeeCount: 0,
  editable: true,
  version: 4,
  createdAt: '2026-11-22T06:00:00.000Z',
  updatedAt: '2026-11-22T06:00:00.000Z',
};

describe('location draft', () => {
  it('round-trips a location into a PATCH body with all four escalation levels', () => {
    const draft = draftFromLocation(location);
    expect(draft.escalationLevels.map((l) => l.level)).toEqual([0, 1, 2, 3]);
    const body = payloadFromDraft(draft, location.version);
    expect(body).toMatchObject({ version: 4, phone: '', emergencyNumber: '2222' });
    expect(body.escalationLevels?.[1]).toEqual({ level: 1, employeeId: 7, email: '', phone: '0171 4455667' });
    expect(body.designations).toEqual([{ id: 3, name: 'Tor 1' }]);
    expect(isLocationDraftDirty(draft, draftFromLocation(location))).toBe(false);
  });

  it('validates like the server, with German messages keyed by field path', () => {
    const draft = draftFromLocation(location);
    draft.email = 'keine-mail';
    draft.designations = [...draft.designations, { key: 'n1', name: 'tor 1' }];
    draft.escalationLevels[2]!.phone = 'Pförtner';
    expect(validateLocationDraft(draft)).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      'designations.1.name': 'Die Bezeichnung „tor 1“ kommt doppelt vor.',
      'escalationLevels.2.phone': 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + / - ( ) enthalten.',
    });
  });

  it('rebase keeps what the user changed and takes the rest from the newer version', () => {
    const oldBase = draftFromLocation(location);
    const mine = { ...oldBase, city: 'Köln-Niehl' };
    const theirs = draftFromLocation({ ...location, street: 'Neue Straße 1', city: 'Köln', version: 5 });
    const rebased = rebaseLocationDraft(mine, oldBase, theirs);
    expect(rebased.city).toBe('Köln-Niehl');
    expect(rebased.street).toBe('Neue Straße 1');
  });
});

describe('department draft', () => {
  it('parses German decimal hours and validates 0 … 744', () => {
    expect(parseHours('164,67')).toBe(164.67);
    expect(parseHours(' 160 ')).toBe(160);
    expect(parseHours('')).toBeNull();
    expect(parseHours('viel')).toBeNaN();
    const base = { name: 'Produktion', isContainer: true, monthlyHours: '745', head: null };
    expect(validateDepartmentDraft(base).monthlyHours).toBe(
      'Die Monatsstunden dürfen höchstens 744 betragen (31 Tage × 24 Stunden).',
    );
    expect(validateDepartmentDraft({ ...base, monthlyHours: 'viel' }).monthlyHours).toBe(
      'Bitte geben Sie die Monatsstunden als Zahl an.',
    );
    expect(validateDepartmentDraft({ ...base, monthlyHours: '164,67' })).toEqual({});
  });

  it('sends no hours for a department that is no container; compares hours numerically', () => {
    const draft = { name: 'IT', isContainer: false, monthlyHours: '160', head: null };
    expect(payloadFromDepartmentDraft(draft, 2)).toEqual({
      version: 2,
      name: 'IT',
      isContainer: false,
      monthlyHours: null,
      headEmployeeId: null,
    });
    const base = draftFromDepartment({
      id: 1,
      parentId: null,
      name: 'IT',
      path: ['IT'],
      isContainer: true,
      monthlyHours: 160,
      head: null,
      childCount: 0,
      employeeCount: 0,
      editable: true,
      version: 1,
      createdAt: '',
      updatedAt: '',
    });
    expect(isDepartmentDraftDirty({ ...base, monthlyHours: '160,0' }, base)).toBe(false);
    // The head (decision 045) is compared by id and sent as an id.
    const head = { id: 5, personnelNumber: '5', lastName: 'Leiter', firstName: 'Lea', departmentName: null };
    expect(isDepartmentDraftDirty({ ...base, head }, base)).toBe(true);
    expect(payloadFromDepartmentDraft({ ...base, head }, 1).headEmployeeId).toBe(5);
  });
});
