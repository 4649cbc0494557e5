import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { describe, expect, it } from 'vitest';
import {
  buildPatch,
  changedFields,
  fieldGroup,
  formFromEmployee,
  germanDateToIso,
  isFormDirty,
  isoToGermanDate,
  rebaseForm,
  writableFields,
} from './employee-draft.ts';
import { employeeFormSchema } from './employee-form-schema.ts';

function employee(patch: Partial<Employee> = {}): Employee {
  return {
    id: 7,
    portalId: 1,
    portalName: 'Rheinwerk Chemie GmbH',
    personnelNumber: '4711',
    lastName: 'Müller',
    firstName: 'Erika',
    loginName: 'emueller',
    email: null,
    chipId: null,
    tempLoginName: null,
    idNumber: null,
    phone: '0221 123',
    mobileInternal: null,
    company: null,
    departmentId: 3,
    departmentName: 'Produktion',
    locationId: null,
    locationName: null,
    language: 'de-DE',
    country: 'DE',
    active: true,
    isTempWorker: false,
    isExternal: false,
    hasAdminRights: false,
    keepActiveOnImport: false,
    worksBanUntil: null,
    hireDate: '2024-04-01',
    tempWorkUntil: null,
    workingTasks: null,
    workingTime: null,
    gender: 'w',
    citizenship: 'deutsch',
    street: 'Domstraße 1',
    zip: '50667',
    city: 'Köln',
    birthday: '1985-03-15',
    healthInsuranceName: 'AOK',
    healthInsuranceStreet: null,
    healthInsuranceZip: null,
    healthInsuranceCity: null,
    progressBarShow: true,
    progressBarTypes: ['instruction', 'appointment', 'document', 'scorm', 'checkup'],
    progressBarWarnDays: 14,
    hasPassword: true,
    version: 3,
    assignmentsVersion: 1,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    restricted: { personal: false, health: false, extended: false },
    signInLocked: false,
    ...patch,
  };
}

const ALL = writableFields({
  basic: true,
  signIn: true,
  personal: true,
  health: true,
  activation: true,
  chipId: true,
  tempWorkers: true,
  department: true,
  location: true,
});

describe('german dates', () => {
  it('converts both ways', () => {
    expect(isoToGermanDate('2024-04-01')).toBe('01.04.2024');
    expect(isoToGermanDate(null)).toBe('');
    expect(germanDateToIso('01.04.2024')).toBe('2024-04-01');
    expect(germanDateToIso(' 1.4.2024 ')).toBe('2024-04-01');
    expect(germanDateToIso('2024-04-01')).toBeNull();
    expect(germanDateToIso('1.4.24')).toBeNull();
  });
});

describe('employee form values', () => {
  it('shows null as empty and dates as dd.mm.yyyy', () => {
    const values = formFromEmployee(employee());
    expect(values.email).toBe('');
    expect(values.hireDate).toBe('01.04.2024');
    expect(values.gender).toBe('w');
    expect(values.active).toBe(true);
  });

  it('is dirty only when a value differs as the server would see it', () => {
    const base = formFromEmployee(employee());
    expect(isFormDirty({ ...base, lastName: ' Müller ' }, base)).toBe(false);
    expect(isFormDirty({ ...base, hireDate: '1.4.2024' }, base)).toBe(false);
    expect(isFormDirty({ ...base, hireDate: '02.04.2024' }, base)).toBe(true);
    expect(isFormDirty({ ...base, active: false }, base)).toBe(true);
    expect(changedFields({ ...base, city: 'Bonn', gender: 'd' }, base)).toEqual(['city', 'gender']);
  });

  it('keeps the user edits and takes the rest from the newer state (Neu laden)', () => {
    const oldBase = formFromEmployee(employee());
    const mine = { ...oldBase, company: 'Rheinwerk', hireDate: '01.05.2024', active: false };
    const theirs = formFromEmployee(
      employee({ version: 4, phone: '0221 999', company: 'Alt GmbH', hireDate: '2024-06-01', city: 'Bonn' }),
    );
    const rebased = rebaseForm(mine, oldBase, theirs);
    expect(rebased.company).toBe('Rheinwerk');
    expect(rebased.hireDate).toBe('01.05.2024');
    expect(rebased.active).toBe(false);
    expect(rebased.phone).toBe('0221 999');
    expect(rebased.city).toBe('Bonn');
    expect(rebased.lastName).toBe('Müller');
  });
});

describe('patch', () => {
  it('sends only the changed fields the user may write', () => {
    const base = employee();
    const values = { ...formFromEmployee(base), phone: '', company: 'ACME', birthday: '16.03.1985' };
    const output = employeeFormSchema.parse(values);
    expect(buildPatch(output, base, ALL)).toEqual({ phone: null, company: 'ACME', birthday: '1985-03-16' });
  });

  it('never sends restricted or read-only groups', () => {
    const base = employee({
      restricted: { personal: true, health: true, extended: false },
      gender: null,
      citizenship: null,
      street: null,
      zip: null,
      city: null,
      birthday: null,
      healthInsuranceName: null,
    });
    const writable = writableFields({
      basic: true,
      signIn: true,
      personal: false,
      health: false,
      activation: false,
      chipId: false,
      tempWorkers: false,
      department: false,
      location: false,
    });
    const output = employeeFormSchema.parse({
      ...formFromEmployee(base),
      city: 'Bonn',
      healthInsuranceName: 'TK',
      active: false,
      chipId: '99',
      company: 'ACME',
    });
    expect(buildPatch(output, base, writable)).toEqual({ company: 'ACME' });
    expect(fieldGroup('birthday')).toBe('personal');
    expect(fieldGroup('healthInsuranceCity')).toBe('health');
  });
});

describe('form schema (shared messages)', () => {
  const valid = formFromEmployee(employee());
  const messageOf = (patch: Record<string, unknown>, field: string) => {
    const result = employeeFormSchema.safeParse({ ...valid, ...patch });
    return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
  };

  it('requires personnel number, last name and first name', () => {
    expect(messageOf({ personnelNumber: ' ' }, 'personnelNumber')).toBe(
      'Bitte geben Sie die Personalnummer an.',
    );
    expect(messageOf({ lastName: '' }, 'lastName')).toBe('Bitte geben Sie den Nachnamen an.');
    expect(messageOf({ firstName: '' }, 'firstName')).toBe('Bitte geben Sie den Vornamen an.');
  });

  it('checks dates typed as dd.mm.yyyy', () => {
    expect(messageOf({ birthday: '31.02.1985' }, 'birthday')).toBe('Bitte geben Sie ein gültiges Datum ein.');
    expect(messageOf({ birthday: 'gestern' }, 'birthday')).toBe('Bitte geben Sie ein gültiges Datum ein.');
    expect(messageOf({ hireDate: '01.01.1700' }, 'hireDate')).toBe(
      'Das Datum muss zwischen dem 01.01.1753 und dem 31.12.9999 liegen.',
    );
    expect(employeeFormSchema.parse({ ...valid, birthday: '', gender: '' })).toMatchObject({
      birthday: null,
      gender: null,
    });
  });

  it('checks the e-mail address', () => {
    expect(messageOf({ email: 'kein-at' }, 'email')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });
});

describe('sign-in fields of a more privileged employee (decision 023)', () => {
  it('are not writable without the signIn group; the other basic fields stay writable', () => {
    const writable = writableFields({
      basic: true,
      signIn: false,
      personal: true,
      health: true,
      activation: false,
      chipId: false,
      tempWorkers: true,
      department: true,
      location: true,
    });
    for (const field of ['loginName', 'email', 'tempLoginName', 'chipId', 'active'] as const) {
      expect(writable.has(field), field).toBe(false);
    }
    for (const field of ['lastName', 'phone', 'mobileInternal', 'company'] as const) {
      expect(writable.has(field), field).toBe(true);
    }
  });
});
