import type { ImportOptions } from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { employeeImportMessages, errorCatalogue } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import { parseCsv } from '#platform/csv.ts';
import { AppError } from '#platform/errors.ts';
import { fakeActor } from '#test/fake-actor.ts';
import type { EmployeeRow, ImportJobRow } from './employee-import.repository.ts';
import { installationCheck, licenceDeltaOf, licenceExceeded } from './import-licence.ts';
import { createChanges, redact, updateChanges } from './import-log.ts';
import { createImportPlanner, inactivationCandidates, planChanges } from './import-plan.ts';
import { type DataField, readRows } from './import-rows.ts';
import { hashAll } from './import-run.ts';
import { assertMapping } from './mapping.ts';
import {
  badRowsOf,
  duplicateReasons,
  type GoodRow,
  goodRows,
  guardedEmployeeIds,
  type LineReasons,
  loginNamesOf,
  type PlannedUpdate,
  withholdFromMoreRights,
} from './row-rules.ts';

/**
 * The import's row rules against fakes, no database: reading a row, the bad-row rules (duplicates, login
 * names, passwords), the comparison with the portal, the sign-in guard (decision 023), the licence counts
 * (code 910), the change log's masking and the bounded hashing. The planner runs on an in-memory repository
 * and an executor whose one query (the sign-in guard's) answers the employees holding more rights.
 */

const ME = 5;
const HEADER = 'Nr;Nachname;Vorname;Passwort;Login;E-Mail;Extern';
const MAPPING = {
  personnelNumber: 0,
  lastName: 1,
  firstName: 2,
  password: 3,
  loginName: 4,
  email: 5,
  isExternal: 6,
} as const;
const FIELDS: DataField[] = ['personnelNumber', 'lastName', 'firstName', 'loginName', 'email', 'isExternal'];
const OPTIONS: ImportOptions = { portalId: 1, mode: 'append', mapping: MAPPING };

/** A file with a header row: line 1 is the header, data rows start at line 2. */
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const read = (...rows: string[]) =>
  readRows(parseCsv(Buffer.from(csv(...rows)), { separator: ';', hasHeader: true }), OPTIONS, FIELDS);

function employee(over: Partial<EmployeeRow> = {}): EmployeeRow {
  return {
    id: 1,
    portalId: 1,
    personnelNumber: '100',
    lastName: 'Meier',
    firstName: 'Anna',
    loginName: null,
    email: null,
    isExternal: false,
    active: true,
    keepActiveOnImport: false,
    passwordHash: 'hash',
    ...over,
  } as EmployeeRow;
}

function good(over: Partial<GoodRow> = {}): GoodRow {
  return { line: 2, personnelNumber: '100', values: {}, password: null, existing: undefined, ...over };
}

function update(over: Partial<PlannedUpdate> & { row: GoodRow }): PlannedUpdate {
  return { changes: {}, reactivate: false, setPassword: false, ...over };
}

const shortPasswords = (password: string) => (password.length < 10 ? ['Passwort zu kurz'] : []);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('reading a row', () => {
  it('reads the mapped cells into typed values; an empty cell is null, an empty flag „nein“', () => {
    const [row] = read('100;Meier;Anna;Geheim-12345;ameier;;ja');
    expect(row).toMatchObject({
      row: { line: 2 },
      personnelNumber: '100',
      password: 'Geheim-12345',
      reasons: [],
      values: { lastName: 'Meier', firstName: 'Anna', loginName: 'ameier', email: null, isExternal: true },
    });
    expect(read('101;Roth;Ida;;;;')[0]).toMatchObject({ password: null, values: { isExternal: false } });
  });

  it('gives a German reason per wrong cell: required field, flag, the record rules (e-mail)', () => {
    const [row] = read('100;;Anna;x;;keine-adresse;vielleicht');
    expect(row?.reasons).toEqual([
      employeeImportMessages.rowRequiredMissing('Nachname'),
      employeeImportMessages.rowInvalidFlag('vielleicht', 'Externer Mitarbeiter'),
      expect.stringMatching(/^E-Mail: /),
    ]);
  });
});

describe('bad rows', () => {
  it('marks every occurrence of a personnel number or login name (any case) given twice', () => {
    const rows = read(
      '100;Meier;Anna;Geheim-12345;;;',
      '100;Roth;Ida;Geheim-12345;;;',
      '101;Kurz;Eva;Geheim-12345;AMeier;;',
      '102;Lang;Udo;Geheim-12345;ameier;;',
    );
    const reasons: LineReasons = new Map();
    duplicateReasons(rows, reasons);
    expect([...reasons.entries()]).toEqual([
      [2, [employeeImportMessages.rowPersonnelNumberTwice('100', [2, 3])]],
      [3, [employeeImportMessages.rowPersonnelNumberTwice('100', [2, 3])]],
      [4, [employeeImportMessages.rowLoginNameTwice('AMeier', [4, 5])]],
      [5, [employeeImportMessages.rowLoginNameTwice('ameier', [4, 5])]],
    ]);
    expect(loginNamesOf(rows)).toEqual(['ameier']);
    const rest = goodRows(
      rows,
      { byNumber: new Map(), holderByLogin: new Map(), checkPassword: () => [] },
      reasons,
    );
    expect(rest).toEqual([]);
    expect(badRowsOf(rows, reasons).map((b) => [b.line, b.personnelNumber])).toEqual([
      [2, '100'],
      [3, '100'],
      [4, '101'],
      [5, '102'],
    ]);
  });

  it('refuses a login name another employee holds, not the one the employee holds already', () => {
    const rows = read('100;Meier;Anna;;eigen;;', '101;Roth;Ida;Geheim-12345;Belegt;;');
    const reasons: LineReasons = new Map();
    const rest = goodRows(
      rows,
      {
        byNumber: new Map([['100', employee({ id: 1, loginName: 'eigen' })]]),
        holderByLogin: new Map([
          ['eigen', 1],
          ['belegt', 77],
        ]),
        checkPassword: () => [],
      },
      reasons,
    );
    expect(rest.map((r) => r.line)).toEqual([2]);
    expect(reasons.get(3)).toEqual([employeeImportMessages.rowLoginNameTaken('Belegt')]);
  });

  it('checks a password only where it will be set, and requires one for new employees', () => {
    const rows = read(
      '100;Meier;Anna;kurz;;;', // existing with a password: the file's password is not used
      '101;Roth;Ida;kurz;;;', // existing without a password: it will be set, so it is checked
      '102;Kurz;Eva;;;;', // new without a password
      '103;Lang;Udo;Geheim-12345;;;', // new with a good password
    );
    const reasons: LineReasons = new Map();
    const rest = goodRows(
      rows,
      {
        byNumber: new Map([
          ['100', employee({ id: 1, personnelNumber: '100' })],
          ['101', employee({ id: 2, personnelNumber: '101', passwordHash: null })],
        ]),
        holderByLogin: new Map(),
        checkPassword: shortPasswords,
      },
      reasons,
    );
    expect(rest.map((r) => [r.personnelNumber, r.password])).toEqual([
      ['100', null],
      ['103', 'Geheim-12345'],
    ]);
    expect(reasons.get(3)).toEqual(['Passwort zu kurz']);
    expect(reasons.get(4)).toEqual([employeeImportMessages.rowPasswordMissing]);
  });
});

describe('comparing with the portal', () => {
  it('splits good rows into new, changed and unchanged employees; an empty flag compares as „nein“', () => {
    const same = employee({ id: 1, personnelNumber: '100' });
    const renamed = employee({ id: 2, personnelNumber: '101', lastName: 'Alt', isExternal: true });
    const values = { personnelNumber: '100', lastName: 'Meier', firstName: 'Anna', isExternal: false };
    const result = planChanges(
      [
        good({ personnelNumber: '100', values, existing: same }),
        good({ personnelNumber: '101', values: { ...values, personnelNumber: '101' }, existing: renamed }),
        good({ personnelNumber: '102', values: { lastName: 'Neu' }, password: 'Geheim-12345' }),
      ],
      ['personnelNumber', 'lastName', 'firstName', 'isExternal'],
      'append',
    );
    expect(result.unchanged).toBe(1);
    expect(result.creates.map((r) => r.personnelNumber)).toEqual(['102']);
    expect(result.updates).toEqual([
      expect.objectContaining({
        changes: { lastName: { from: 'Alt', to: 'Meier' }, isExternal: { from: true, to: false } },
        reactivate: false,
        setPassword: false,
      }),
    ]);
  });

  it('reactivates an inactive employee of the file only when others are set inactive; a first password is an update', () => {
    const inactive = employee({ active: false });
    const row = good({ values: { lastName: 'Meier' }, existing: inactive });
    expect(planChanges([row], ['lastName'], 'append')).toMatchObject({ unchanged: 1, updates: [] });
    expect(planChanges([row], ['lastName'], 'deactivateOthers').updates).toEqual([
      expect.objectContaining({ changes: { active: { from: false, to: true } }, reactivate: true }),
    ]);
    const withPassword = good({
      values: { lastName: 'Meier' },
      password: 'Geheim-12345',
      existing: employee(),
    });
    expect(planChanges([withPassword], ['lastName'], 'append').updates).toEqual([
      expect.objectContaining({ changes: {}, setPassword: true }),
    ]);
  });

  it('sets inactive only active employees missing from the file — not the marked ones, not the importer', () => {
    const staff = [
      employee({ id: 1, personnelNumber: '100' }), // in the file (even as a bad row)
      employee({ id: 2, personnelNumber: '200' }),
      employee({ id: 3, personnelNumber: '300', keepActiveOnImport: true }),
      employee({ id: ME, personnelNumber: '500' }),
      employee({ id: 6, personnelNumber: '600', active: false }),
    ];
    const rows = read('100;;;;;;');
    expect(inactivationCandidates(staff, rows, 'deactivateOthers', ME).map((e) => e.id)).toEqual([2]);
    expect(inactivationCandidates(staff, rows, 'append', ME)).toEqual([]);
  });
});

describe('sign-in guard on the import (decision 023)', () => {
  const holder = employee({ id: 8, personnelNumber: '800' });
  const plain = employee({ id: 9, personnelNumber: '900' });

  it('asks only about updates touching sign-in fields, a password or the active flag, and about inactivations', () => {
    const updates = [
      update({ row: good({ existing: holder }), changes: { email: { from: null, to: 'a@b.de' } } }),
      update({ row: good({ existing: plain }), changes: { lastName: { from: 'A', to: 'B' } } }),
      update({ row: good({ existing: employee({ id: 10 }) }), setPassword: true }),
      update({ row: good({ existing: employee({ id: 11 }) }), reactivate: true }),
    ];
    expect(guardedEmployeeIds(updates, [employee({ id: 12 })])).toEqual([8, 10, 11, 12]);
  });

  it('makes a sign-in change of someone with more rights a bad row and keeps them active', () => {
    const reasons: LineReasons = new Map();
    const signIn = update({
      row: good({ line: 4, existing: holder }),
      changes: { loginName: { from: 'a', to: 'b' } },
    });
    const name = update({
      row: good({ line: 5, existing: holder }),
      changes: { lastName: { from: 'A', to: 'B' } },
    });
    const result = withholdFromMoreRights([signIn, name], [holder, plain], new Set([8]), reasons);
    expect(result.updates).toEqual([name]);
    expect(result.inactivate).toEqual([plain]);
    expect([...reasons.entries()]).toEqual([[4, [errorCatalogue.EMPLOYEE_MORE_RIGHTS.message]]]);
  });
});

describe('licence (code 910)', () => {
  it('counts new, reactivated, inactivated and switched employees as own or external staff', () => {
    const delta = licenceDeltaOf(
      [good({ values: { isExternal: true } }), good({ values: {} })],
      [
        update({ row: good({ existing: employee({ active: false }) }), reactivate: true }),
        update({ row: good({ values: { isExternal: true }, existing: employee({ isExternal: false }) }) }),
        // an inactive employee switching kind changes no active count
        update({ row: good({ values: { isExternal: true }, existing: employee({ active: false }) }) }),
      ],
      [employee({ isExternal: true }), employee({ isExternal: true })],
    );
    expect(delta).toEqual({ employees: 1 + 1 - 1, externals: 1 + 1 - 2 });
  });

  it('exceeds the portal licence only when the import adds active employees beyond it', () => {
    expect(licenceExceeded({ licensedEmployees: 10, activeAfter: 11, activeBefore: 10 })).toBe(true);
    expect(licenceExceeded({ licensedEmployees: 10, activeAfter: 12, activeBefore: 12 })).toBe(false);
    expect(licenceExceeded({ licensedEmployees: null, activeAfter: 99, activeBefore: 0 })).toBe(false);
  });

  it('checks the installation licence for staff and externals separately, not without a licence', async () => {
    const ex = {} as Executor;
    const licence = { maxEmployees: 10, maxExternals: 2, activeEmployees: 9, activeExternals: 2 };
    const check = installationCheck(async () => licence);
    expect(await check(ex, { employees: 1, externals: 0 })).toBeNull();
    expect(await check(ex, { employees: 2, externals: -1 })).toBe(
      employeeImportMessages.installationEmployeesExceeded(11, 10),
    );
    expect(await check(ex, { employees: 0, externals: 1 })).toBe(
      employeeImportMessages.installationExternalsExceeded(3, 2),
    );
    expect(await installationCheck(undefined)(ex, { employees: 1000, externals: 1000 })).toBeNull();
  });
});

describe('the mapping', () => {
  const all = [P.EMPLOYEES_PERSONAL_DATA, P.EMPLOYEES_HEALTH_DATA, P.EMPLOYEES_ACTIVATE];

  it('answers the mapped employee fields without the password', () => {
    expect(assertMapping(fakeActor({ permissions: all }), OPTIONS, 7)).toEqual(FIELDS);
  });

  it('needs the required columns and columns the file has', () => {
    const { password: _password, ...noPassword } = MAPPING;
    expect(codeOf(() => assertMapping(fakeActor(), { ...OPTIONS, mapping: noPassword }, 7))).toBe(
      'EMPLOYEE_IMPORT_REQUIRED_COLUMNS',
    );
    expect(codeOf(() => assertMapping(fakeActor(), OPTIONS, 6))).toBe('INPUT_VALIDATION_ERROR');
  });

  it('needs the rights for personal and health columns and for setting others inactive', () => {
    const actor = fakeActor({ permissions: [P.EMPLOYEES_IMPORT] });
    expect(codeOf(() => assertMapping(actor, { ...OPTIONS, mapping: { ...MAPPING, birthday: 7 } }, 8))).toBe(
      'NO_PERMISSION',
    );
    expect(
      codeOf(() => assertMapping(actor, { ...OPTIONS, mapping: { ...MAPPING, healthInsuranceName: 7 } }, 8)),
    ).toBe('NO_PERMISSION');
    expect(codeOf(() => assertMapping(actor, { ...OPTIONS, mode: 'deactivateOthers' }, 7))).toBe(
      'NO_PERMISSION',
    );
    expect(
      codeOf(() =>
        assertMapping(fakeActor({ permissions: all }), { ...OPTIONS, mode: 'deactivateOthers' }, 7),
      ),
    ).toBe(undefined);
  });
});

describe('the plan, against an in-memory repository', () => {
  function setup(staff: EmployeeRow[], moreRights: number[] = []) {
    const ex = {
      guardQueries: 0,
      async execute() {
        ex.guardQueries++;
        return { rows: moreRights.map((id) => ({ id, last_name: 'Roth', first_name: 'Ida' })) };
      },
    };
    const analyse = createImportPlanner({
      repository: {
        findPortal: async (_ex, id) =>
          id === 1 ? { id: 1, name: 'Haupt', isMain: true, licensedEmployees: 20 } : undefined,
        employeesOfPortal: async () => staff,
        employeesByLoginNames: async (_ex, names) =>
          staff
            .filter((e) => e.loginName && names.includes(e.loginName.toLowerCase()))
            .map((e) => ({
              id: e.id,
              loginName: e.loginName!,
            })),
      },
      passwordPolicy: { checker: async () => shortPasswords },
    });
    return { ex, analyse };
  }

  const job = (...rows: string[]) =>
    ({
      id: 3,
      fileName: 'a.csv',
      content: Buffer.from(csv(...rows)),
      separator: ';',
      hasHeader: true,
    }) as ImportJobRow;

  it('plans creates, updates and inactivations, with the bad rows and the counts after the import', async () => {
    const staff = [
      employee({ id: 1, personnelNumber: '100', loginName: 'ameier' }),
      employee({ id: 2, personnelNumber: '200', lastName: 'Gehtweg', loginName: 'gweg' }),
      employee({ id: 8, personnelNumber: '800', lastName: 'Roth', firstName: 'Ida', loginName: 'iroth' }),
    ];
    const { ex, analyse } = setup(staff, [8]);
    const actor = fakeActor({ employeeId: ME, permissions: [P.EMPLOYEES_IMPORT, P.EMPLOYEES_ACTIVATE] });
    const plan = await analyse(
      actor,
      job(
        '100;Meier;Anna;;ameier;;', // unchanged
        '800;Roth;Ida;;iroth;neu@example.org;', // e-mail of someone with more rights: bad row
        '300;Neu;Nina;Geheim-12345;GWeg;;', // login name of employee 2: bad row
        '301;Kurz;Kai;kurz;;;', // password too short: bad row
        '302;Lang;Lea;Geheim-12345;;;ja', // new external
      ),
      { ...OPTIONS, mode: 'deactivateOthers' },
      ex as unknown as Executor,
    );
    expect(ex.guardQueries).toBe(1);
    expect(plan.creates.map((r) => r.personnelNumber)).toEqual(['302']);
    expect(plan.updates).toEqual([]);
    expect(plan.unchanged).toBe(1);
    expect(plan.inactivate.map((e) => e.id)).toEqual([2]);
    expect(plan.badRows).toEqual([
      { line: 3, personnelNumber: '800', reasons: [errorCatalogue.EMPLOYEE_MORE_RIGHTS.message] },
      { line: 4, personnelNumber: '300', reasons: [employeeImportMessages.rowLoginNameTaken('GWeg')] },
      { line: 5, personnelNumber: '301', reasons: ['Passwort zu kurz'] },
    ]);
    expect(plan).toMatchObject({
      portalId: 1,
      licensedEmployees: 20,
      rowCount: 5,
      activeBefore: 3,
      activeAfter: 3,
      licenceDelta: { employees: -1, externals: 1 },
    });
  });

  it('refuses a portal of someone else from a customer portal, like a missing one', async () => {
    const { ex, analyse } = setup([]);
    const customer = fakeActor({ portalId: 2, permissions: [P.EMPLOYEES_IMPORT] });
    await expect(
      analyse(customer, job('100;Meier;Anna;Geheim-12345;;;'), OPTIONS, ex as unknown as Executor),
    ).rejects.toMatchObject({ code: 'EMPLOYEE_IMPORT_PORTAL_REQUIRED' });
    await expect(
      analyse(
        fakeActor(),
        job('100;Meier;Anna;Geheim-12345;;;'),
        { ...OPTIONS, portalId: 9 },
        ex as unknown as Executor,
      ),
    ).rejects.toMatchObject({ code: 'EMPLOYEE_IMPORT_PORTAL_REQUIRED' });
  });
});

describe('the change log of an import', () => {
  it('masks personal and health data and passwords, keeps other values', () => {
    expect(
      redact({
        lastName: { from: 'A', to: 'B' },
        birthday: { from: null, to: '1990-01-01' },
        healthInsuranceName: { from: 'AOK', to: 'TK' },
      }),
    ).toEqual({
      lastName: { from: 'A', to: 'B' },
      birthday: { from: '***', to: '***' },
      healthInsuranceName: { from: '***', to: '***' },
    });
    expect(createChanges(good({ values: { lastName: 'Neu', email: null } }))).toEqual({
      lastName: { from: null, to: 'Neu' },
      password: { from: null, to: '***' },
    });
    expect(updateChanges(update({ row: good(), setPassword: true }))).toEqual({
      password: { from: '***', to: '***' },
    });
  });
});

describe('hashing the passwords', () => {
  it('keeps the order, never runs more than the given number at once, reports every one done', async () => {
    let running = 0;
    let most = 0;
    const hash = async (password: string) => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      await Promise.resolve();
      running--;
      return `#${password}`;
    };
    const done: number[] = [];
    const out = await hashAll(['a', 'b', 'c', 'd', 'e'], hash, 2, (n) => done.push(n));
    expect(out).toEqual(['#a', '#b', '#c', '#d', '#e']);
    expect(most).toBe(2);
    expect(done).toEqual([1, 2, 3, 4, 5]);
    expect(await hashAll([], hash, 4, () => undefined)).toEqual([]);
  });
});
