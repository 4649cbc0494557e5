import { P } from '@schutzwerk/shared/permissions.ts';
import { DEFAULT_ALLOWED_SPECIALS } from '@schutzwerk/shared/settings/security.settings.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
let portalCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

/** A portal of its own per test, so counts are exact. */
async function newPortal(licensed: number | null = null): Promise<number> {
  portalCounter += 1;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into portals (name, licensed_employees) values (${`Importportal ${portalCounter}`}, ${licensed}) returning id`,
  );
  return row!.id;
}

async function seedEmployee(
  portalId: number,
  number: string,
  values: { lastName?: string; active?: boolean; keep?: boolean; login?: string } = {},
) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into employees (portal_id, personnel_number, last_name, first_name, active, keep_active_on_import, login_name)
        values (${portalId}, ${number}, ${values.lastName ?? 'Alt'}, 'Bestand', ${values.active ?? true}, ${values.keep ?? false}, ${values.login ?? null})
        returning id`,
  );
  return row!.id;
}

function win1252(text: string): Buffer {
  // Latin-1 covers ä ö ü ß Ä Ö Ü é, which Windows-1252 encodes the same way.
  return Buffer.from(text, 'latin1');
}

async function upload(client: ApiClient, body: Buffer | string, query = 'separator=%3B&hasHeader=true') {
  return client.request('POST', `/api/employee/import?${query}&fileName=mitarbeiter.csv`, body, {
    headers: { 'content-type': 'text/csv' },
  });
}

const MAPPING = {
  personnelNumber: 0,
  lastName: 1,
  firstName: 2,
  password: 3,
  loginName: 4,
  email: 5,
  birthday: 6,
};
const { birthday: _birthday, ...BASIC_MAPPING } = MAPPING;
const HEADER = 'Personalnummer;Nachname;Vorname;Passwort;Benutzername;E-Mail;Geburtsdatum\r\n';

async function uploadId(client: ApiClient, body: Buffer | string) {
  const res = await upload(client, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

type Event = {
  type: string;
  phase?: string;
  done?: number;
  total?: number;
  result?: Record<string, number>;
  error?: { code: string; message: string };
};
function events(body: string): Event[] {
  return body
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Event);
}

async function employeesOf(portalId: number) {
  return queryRows<{
    id: number;
    personnel_number: string;
    last_name: string;
    active: boolean;
    password_hash: string | null;
    birthday: string | null;
    email: string | null;
  }>(
    t.database.db,
    sql`select id, personnel_number, last_name, active, password_hash, birthday::text as birthday, email from employees where portal_id = ${portalId} order by personnel_number`,
  );
}

describe('employee import: step 1 (upload and preview)', () => {
  it('reads a Windows-1252 file with a header: encoding, columns, rows with line numbers, suggested mapping', async () => {
    const csv = win1252(
      `${HEADER}1001;Müller;Jürgen;Start-Passwort1;j.mueller;j.mueller@example.de;01.02.1980\r\n\r\n1002;Weiß;Ännchen;Start-Passwort2;;;\r\n`,
    );
    const res = await upload(admin, csv);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(data).toMatchObject({
      fileName: 'mitarbeiter.csv',
      encoding: 'windows-1252',
      separator: ';',
      hasHeader: true,
      columnCount: 7,
      columns: [
        'Personalnummer',
        'Nachname',
        'Vorname',
        'Passwort',
        'Benutzername',
        'E-Mail',
        'Geburtsdatum',
      ],
      rowCount: 2,
      rows: [
        {
          line: 2,
          cells: [
            '1001',
            'Müller',
            'Jürgen',
            'Start-Passwort1',
            'j.mueller',
            'j.mueller@example.de',
            '01.02.1980',
          ],
        },
        { line: 4, cells: ['1002', 'Weiß', 'Ännchen', 'Start-Passwort2', '', '', ''] },
      ],
      suggestedMapping: MAPPING,
    });
  });

  it('reads UTF-8 with BOM, without a header row and with another separator', async () => {
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('7,Öztürk,Şule\n', 'utf8')]);
    const res = await upload(admin, csv, 'separator=%2C&hasHeader=false');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      encoding: 'utf-8',
      columns: ['Spalte 1', 'Spalte 2', 'Spalte 3'],
      rows: [{ line: 1, cells: ['7', 'Öztürk', 'Şule'] }],
      suggestedMapping: {},
    });
  });

  it('refuses an empty file, an unreadable one and one above 20 MB with their German messages', async () => {
    const empty = await upload(admin, win1252(HEADER));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toEqual({
      code: 'EMPLOYEE_IMPORT_EMPTY_FILE',
      message: 'Die Datei enthält keine Datenzeilen. Bitte wählen Sie eine andere Datei.',
    });
    const unclosed = await upload(admin, `${HEADER}1;"Meier;Hans\n`);
    expect(unclosed.statusCode).toBe(400);
    expect(errorOf(unclosed).code).toBe('EMPLOYEE_IMPORT_INVALID_FILE');
    expect(errorOf(unclosed).message).toContain('Anführungszeichen');
    const large = await upload(admin, Buffer.alloc(20 * 1024 * 1024 + 1, 0x41));
    expect(large.statusCode).toBe(413);
    expect(errorOf(large)).toEqual({
      code: 'EMPLOYEE_IMPORT_FILE_TOO_LARGE',
      message: 'Die Importdatei ist zu groß. Bitte laden Sie eine CSV-Datei mit höchstens 20 MB hoch.',
    });
  });

  it('needs EMPLOYEES_IMPORT (403), and an upload is visible to its uploader only', async () => {
    const without = await createUser(t.database.db, { permissions: [P.EMPLOYEES_CREATE, P.EMPLOYEES_EDIT] });
    const client = await t.login(without.login, without.password);
    const res = await upload(client, `${HEADER}1;A;B;Passwort-1;;;\n`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NO_PERMISSION');

    const id = await uploadId(admin, `${HEADER}1;A;B;Passwort-1;;;\n`);
    const other = await createUser(t.database.db, { permissions: [P.EMPLOYEES_IMPORT] });
    const otherClient = await t.login(other.login, other.password);
    const foreign = await otherClient.get(`/api/employee/import/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual({
      code: 'EMPLOYEE_IMPORT_NOT_FOUND',
      message: 'Bitte führen Sie zuerst Schritt 1 aus: Datei auswählen und die Vorschau laden.',
    });
  });
});

describe('employee import: step 2 (check)', () => {
  it('lists every bad row with its line and German reasons, and writes nothing', async () => {
    const portalId = await newPortal();
    await seedEmployee(portalId, '2001', { login: 'bestand.login' });
    const csv = win1252(
      [
        HEADER.trimEnd(),
        '2001;Neumann;Jörg;;;;', // existing, no password needed: fine
        '2002;;Fehlt;Passwort-2;;;', // line 3: last name missing
        '2003;Datum;Falsch;Passwort-3;;;31.02.1990', // line 4: bad date
        '2004;Doppelt;Eins;Passwort-4;;;', // line 5: duplicate number
        '2004;Doppelt;Zwei;Passwort-4;;;', // line 6: duplicate number
        '2005;Mail;Kaputt;Passwort-5;;kein-mail;', // line 7: bad e-mail
        '2006;Login;Eins;Passwort-6;gleich;;', // line 8: duplicate login (case-insensitive)
        '2007;Login;Zwei;Passwort-7;GLEICH;;', // line 9
        '2008;Login;Vergeben;Passwort-8;Bestand.Login;;', // line 10: login of another employee
        '2009;Kurz;Passwort;kurz;;;', // line 11: password too short
        '2010;Ohne;Passwort;;;;', // line 12: new employee without password
        '"2011";"Formel";"=SUMME(A1:A3)";"Passwort-11";;"@x";', // line 13: formula text kept, bad e-mail
        '2012;Gut;"Anna\nMaria";Passwort-12;;;24.12.1985', // line 14-15: fine, spans two lines
      ].join('\r\n'),
    );
    const id = await uploadId(admin, csv);
    const before = await employeesOf(portalId);
    const res = await admin.post(`/api/employee/import/${id}/check`, {
      portalId,
      mode: 'append',
      mapping: MAPPING,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{
      data: { badRows: { line: number; personnelNumber: string | null; reasons: string[] }[] } & Record<
        string,
        unknown
      >;
    }>();
    expect(data).toMatchObject({
      rowCount: 13,
      validCount: 2,
      toCreate: 1,
      toUpdate: 1,
      unchanged: 0,
      toInactivate: 0,
      licenceExceeded: false,
    });
    const byLine = Object.fromEntries(data.badRows.map((r) => [r.line, r.reasons]));
    expect(Object.keys(byLine).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(byLine[3]).toEqual(['Pflichtfeld „Nachname“ fehlt.']);
    expect(byLine[4]).toEqual([
      'Ungültiges Datum „31.02.1990“ in Spalte „Geburtsdatum“. Bitte verwenden Sie TT.MM.JJJJ.',
    ]);
    expect(byLine[5]).toEqual(['Die Personalnummer 2004 kommt in der Datei mehrfach vor (Zeilen 5, 6).']);
    expect(byLine[7]).toEqual(['E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.']);
    expect(byLine[8]).toEqual(['Der Benutzername „gleich“ kommt in der Datei mehrfach vor (Zeilen 8, 9).']);
    expect(byLine[10]).toEqual([
      'Der Benutzername „Bestand.Login“ ist bereits an einen anderen Mitarbeiter vergeben.',
    ]);
    // The password policy of the security settings (decision 012), every violation named.
    expect(byLine[11]).toEqual([
      'Das Passwort muss mindestens 10 Zeichen lang sein.',
      'Das Passwort muss mindestens 1 Großbuchstaben enthalten.',
      'Das Passwort muss mindestens 1 Ziffer enthalten.',
      `Das Passwort muss mindestens 1 Sonderzeichen enthalten (zulässig: ${DEFAULT_ALLOWED_SPECIALS}).`,
    ]);
    expect(byLine[12]).toEqual([
      'Pflichtfeld „Passwort“ fehlt: neue Mitarbeiter brauchen ein Anfangspasswort.',
    ]);
    expect(await employeesOf(portalId)).toEqual(before);
  });

  it('needs the required columns, a target portal of the caller, and the first step', async () => {
    const id = await uploadId(admin, `${HEADER}1;A;B;Passwort-1;;;\n`);
    const portalId = await newPortal();
    const noPassword = await admin.post(`/api/employee/import/${id}/check`, {
      portalId,
      mode: 'append',
      mapping: { personnelNumber: 0, lastName: 1, firstName: 2 },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(errorOf(noPassword)).toMatchObject({
      code: 'EMPLOYEE_IMPORT_REQUIRED_COLUMNS',
      message: 'Bitte ordnen Sie die Pflichtspalten zu: Personalnummer, Nachname, Vorname und Passwort.',
    });
    const noPortal = await admin.post(`/api/employee/import/${id}/check`, {
      mode: 'append',
      mapping: MAPPING,
    });
    expect(noPortal.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(noPortal).details)).toContain('Bitte wählen Sie ein Zielportal aus.');

    // A customer-portal user imports into their own portal only.
    const customerUser = await createUser(t.database.db, { permissions: [P.EMPLOYEES_IMPORT], portalId });
    const customer = await t.login(customerUser.login, customerUser.password);
    const ownId = await uploadId(customer, `${HEADER}1;A;B;Passwort-1;;;\n`);
    const foreign = await customer.post(`/api/employee/import/${ownId}/check`, {
      portalId: await newPortal(),
      mode: 'append',
      mapping: BASIC_MAPPING,
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign)).toEqual({
      code: 'EMPLOYEE_IMPORT_PORTAL_REQUIRED',
      message: 'Bitte wählen Sie ein Zielportal aus.',
    });
    const portals = await customer.get('/api/employee/import/portals');
    expect(portals.json<{ data: { id: number }[] }>().data.map((p) => p.id)).toEqual([portalId]);

    const unknown = await admin.post('/api/employee/import/999999/check', {
      portalId,
      mode: 'append',
      mapping: MAPPING,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('EMPLOYEE_IMPORT_NOT_FOUND');
  });

  it('refuses personal-data columns without EMPLOYEES_PERSONAL_DATA and set-inactive without EMPLOYEES_ACTIVATE', async () => {
    const user = await createUser(t.database.db, { permissions: [P.EMPLOYEES_IMPORT] });
    const client = await t.login(user.login, user.password);
    const id = await uploadId(client, `${HEADER}1;A;B;Passwort-1;;;01.01.1990\n`);
    const portalId = await newPortal();
    const personal = await client.post(`/api/employee/import/${id}/check`, {
      portalId,
      mode: 'append',
      mapping: MAPPING,
    });
    expect(personal.statusCode).toBe(403);
    expect(errorOf(personal).message).toContain('persönliche Daten');

    const inactive = await client.post(`/api/employee/import/${id}/check`, {
      portalId,
      mode: 'deactivateOthers',
      mapping: BASIC_MAPPING,
    });
    expect(inactive.statusCode).toBe(403);
    expect(errorOf(inactive).message).toContain('nicht deaktivieren');
  });
});

describe('employee import: commit', () => {
  it('creates and updates in one run, answers code 100 with counts and progress, logs every change', async () => {
    const portalId = await newPortal(100);
    const existingId = await seedEmployee(portalId, '3001', { lastName: 'Altname' });
    await seedEmployee(portalId, '3002', { lastName: 'Gleich' });
    await queryRows(
      t.database.db,
      sql`update employees set first_name = 'Gleich', password_hash = 'x' where personnel_number = '3002' and portal_id = ${portalId}`,
    );
    const csv = win1252(
      `${HEADER}3001;Neuname;Bestand;Passwort-3001;;neu@example.de;15.03.1975\r\n3002;Gleich;Gleich;Passwort-3002;;;\r\n3003;Schröder;Käthe;Passwort-3003;k.schroeder.import;;\r\n3004;Fehlerhaft;;Passwort-3004;;;\r\n`,
    );
    const id = await uploadId(admin, csv);
    const options = { portalId, mode: 'append', mapping: MAPPING };

    const refused = await admin.post(`/api/employee/import/${id}/commit`, options);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('EMPLOYEE_IMPORT_HAS_BAD_ROWS');

    const analyses = async () => {
      const [row] = await queryRows<{ n: number | string }>(
        t.database.db,
        sql`select analyze_count + autoanalyze_count as n from pg_stat_user_tables where relname = 'employees'`,
      );
      return Number(row!.n);
    };
    const analysedBefore = await analyses();
    const res = await admin.post(`/api/employee/import/${id}/commit`, { ...options, skipBadRows: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    // A bulk write: the planner's statistics of the employees are refreshed after it (decision 035).
    expect(await analyses()).toBeGreaterThan(analysedBefore);
    const lines = events(res.body);
    expect(lines.some((e) => e.type === 'progress' && e.phase === 'hash')).toBe(true);
    expect(lines.some((e) => e.type === 'progress' && e.phase === 'write')).toBe(true);
    const last = lines.at(-1)!;
    expect(last.type, res.body).toBe('result');
    expect(last.result).toMatchObject({
      code: 100,
      created: 1,
      updated: 1,
      unchanged: 1,
      inactivated: 0,
      skipped: 1,
    });
    expect(last.result!.durationMs).toBeGreaterThanOrEqual(0);

    const rows = await employeesOf(portalId);
    expect(rows.map((r) => [r.personnel_number, r.last_name, r.active])).toEqual([
      ['3001', 'Neuname', true],
      ['3002', 'Gleich', true],
      ['3003', 'Schröder', true],
    ]);
    const updated = rows.find((r) => r.id === existingId)!;
    expect(updated.birthday).toBe('1975-03-15');
    expect(updated.email).toBe('neu@example.de');
    // 3001 had no password: the file's password became its first one; 3002 kept its own.
    expect(updated.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[1]!.password_hash).toBe('x');
    await t.login('k.schroeder.import', 'Passwort-3003');

    const log = await queryRows<{
      entity_id: string;
      state: number;
      changes: Record<string, { from: unknown; to: unknown }>;
    }>(
      t.database.db,
      sql`select entity_id, state, changes from change_log where entity = 'employee' and entity_id = ${String(existingId)} order by id`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]!.state).toBe(3);
    expect(log[0]!.changes.lastName).toEqual({ from: 'Altname', to: 'Neuname' });
    expect(log[0]!.changes.birthday).toEqual({ from: '***', to: '***' });
    expect(log[0]!.changes.password).toEqual({ from: '***', to: '***' });

    const job = await admin.get(`/api/employee/import/${id}`);
    expect(job.json().data).toMatchObject({ status: 'done', portalId, result: { code: 100, created: 1 } });
    const again = await admin.post(`/api/employee/import/${id}/commit`, { ...options, skipBadRows: true });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('EMPLOYEE_IMPORT_ALREADY_STARTED');
  });

  it('answers 910 when the licence would be exceeded and writes nothing', async () => {
    const portalId = await newPortal(3);
    await seedEmployee(portalId, '4001');
    await seedEmployee(portalId, '4002');
    const id = await uploadId(admin, `${HEADER}4003;Neu;Eins;Passwort-1;;;\n4004;Neu;Zwei;Passwort-2;;;\n`);
    const options = { portalId, mode: 'append', mapping: MAPPING };
    const check = await admin.post(`/api/employee/import/${id}/check`, options);
    expect(check.json().data).toMatchObject({ activeAfter: 4, licensedEmployees: 3, licenceExceeded: true });
    const before = await employeesOf(portalId);
    const res = await admin.post(`/api/employee/import/${id}/commit`, options);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'EMPLOYEE_IMPORT_LICENCE_EXCEEDED',
      details: { importCode: 910, activeAfter: 4, licensedEmployees: 3 },
    });
    expect(errorOf(res).message).toContain('Code 910');
    expect(await employeesOf(portalId)).toEqual(before);
    // Setting others inactive makes room: 4003 and 4004 come, 4001 and 4002 go.
    const ok = await admin.post(`/api/employee/import/${id}/commit`, {
      ...options,
      mode: 'deactivateOthers',
    });
    expect(events(ok.body).at(-1)!.result).toMatchObject({ code: 100, created: 2, inactivated: 2 });
  });

  it('answers 910 when the installation licence (all portals) would be exceeded, for staff and externals', async () => {
    const portalId = await newPortal();
    const [counts] = await queryRows<{ staff: number; externals: number }>(
      t.database.db,
      sql`select count(*) filter (where not is_external)::int as staff, count(*) filter (where is_external)::int as externals
          from employees where active`,
    );
    const setLicence = (maxEmployees: number | null, maxExternals: number | null) =>
      t.database.db.execute(
        sql`update settings set value = value || ${JSON.stringify({ maxEmployees, maxExternals })}::jsonb where key = 'license'`,
      );
    await setLicence(counts!.staff + 1, null);
    try {
      const id = await uploadId(admin, `${HEADER}6101;Neu;Eins;Passwort-1;;;\n6102;Neu;Zwei;Passwort-2;;;\n`);
      const options = { portalId, mode: 'append', mapping: MAPPING };
      const check = await admin.post(`/api/employee/import/${id}/check`, options);
      const expected = `Die zulässige Anzahl an Mitarbeitern laut Lizenz ist überschritten (Code 910): Nach dem Import wären ${counts!.staff + 2} Mitarbeiter aktiv, die Lizenz erlaubt ${counts!.staff + 1}. Es wurden keine Daten importiert.`;
      expect(check.json().data).toMatchObject({ licenceExceeded: true, licenceMessage: expected });
      const res = await admin.post(`/api/employee/import/${id}/commit`, options);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'EMPLOYEE_IMPORT_LICENCE_EXCEEDED',
        message: expected,
        details: { importCode: 910 },
      });
      expect(await employeesOf(portalId)).toEqual([]);

      // External staff count against their own limit.
      await setLicence(null, counts!.externals);
      const externalMapping = { ...MAPPING, isExternal: 7 };
      const ext = await uploadId(
        admin,
        `Personalnummer;Nachname;Vorname;Passwort;Login;E-Mail;Geburtstag;Extern\n6201;Fremd;Eins;Passwort-1;;;;ja\n`,
      );
      const extCheck = await admin.post(`/api/employee/import/${ext}/check`, {
        portalId,
        mode: 'append',
        mapping: externalMapping,
      });
      expect(extCheck.json().data.licenceMessage).toContain('Fremdfirmenmitarbeitern laut Lizenz');
      // Within the limits the import runs.
      await setLicence(counts!.staff + 2, null);
      const ok = await admin.post(`/api/employee/import/${id}/commit`, options);
      expect(events(ok.body).at(-1)!.result).toMatchObject({ code: 100, created: 2 });
    } finally {
      await setLicence(15_000, 1_000);
    }
  });

  it('sets others inactive, except those with the keep-active marker, and ends their sessions', async () => {
    const portalId = await newPortal();
    const keep = await seedEmployee(portalId, '5001', { keep: true });
    const leaver = await createUser(t.database.db, { permissions: [], portalId });
    const leaverSession = await t.login(leaver.login, leaver.password);
    const inactiveInFile = await seedEmployee(portalId, '5003', { active: false });
    const id = await uploadId(admin, `${HEADER}5003;Wieder;Da;;;;\n5004;Neu;Hier;Passwort-5004;;;\n`);
    const res = await admin.post(`/api/employee/import/${id}/commit`, {
      portalId,
      mode: 'deactivateOthers',
      mapping: MAPPING,
    });
    expect(events(res.body).at(-1)!.result).toMatchObject({
      code: 100,
      created: 1,
      updated: 1,
      inactivated: 1,
    });
    const rows = await employeesOf(portalId);
    const active = Object.fromEntries(rows.map((r) => [r.id, r.active]));
    expect(active[keep]).toBe(true);
    expect(active[leaver.id]).toBe(false);
    expect(active[inactiveInFile]).toBe(true);
    expect((await leaverSession.get('/api/auth/user')).statusCode).toBe(401);
    const [logRow] = await queryRows<{ changes: unknown }>(
      t.database.db,
      sql`select changes from change_log where entity = 'employee' and entity_id = ${String(leaver.id)} and state = 3`,
    );
    expect(logRow!.changes).toEqual({ active: { from: true, to: false } });
  });

  it('append leaves the active flag alone; a skipped bad row still protects its employee from inactivation', async () => {
    const portalId = await newPortal();
    const inactive = await seedEmployee(portalId, '7001', { active: false });
    const id = await uploadId(admin, `${HEADER}7001;Bestand;Inaktiv;;;;\n`);
    const res = await admin.post(`/api/employee/import/${id}/commit`, {
      portalId,
      mode: 'append',
      mapping: MAPPING,
    });
    expect(events(res.body).at(-1)!.result).toMatchObject({
      code: 100,
      created: 0,
      updated: 1,
      inactivated: 0,
    });
    expect((await employeesOf(portalId)).find((r) => r.id === inactive)!.active).toBe(false);

    const typo = await seedEmployee(portalId, '7002');
    const other = await seedEmployee(portalId, '7003');
    const second = await uploadId(admin, `${HEADER}7001;Bestand;Inaktiv;;;;\n7002;;Nachname fehlt;;;;\n`);
    const run = await admin.post(`/api/employee/import/${second}/commit`, {
      portalId,
      mode: 'deactivateOthers',
      mapping: MAPPING,
      skipBadRows: true,
    });
    expect(events(run.body).at(-1)!.result).toMatchObject({
      code: 100,
      updated: 1,
      inactivated: 1,
      skipped: 1,
    });
    const active = Object.fromEntries((await employeesOf(portalId)).map((r) => [r.id, r.active]));
    expect(active).toEqual({ [inactive]: true, [typo]: true, [other]: false });
  });

  it('leaves the data as before when writing fails in the middle', async () => {
    const portalId = await newPortal();
    await seedEmployee(portalId, '6001', { lastName: 'Vorher' });
    const bystander = await seedEmployee(portalId, '6009');
    await t.database.db.execute(sql`
      create function import_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await t.database.db.execute(sql`
      create trigger import_test_fail before insert on employees
      for each row when (new.last_name = 'Bricht') execute function import_test_fail()`);
    try {
      const id = await uploadId(
        admin,
        `${HEADER}6001;Nachher;Bestand;;;;\n6002;Neu;Gut;Passwort-6002;;;\n6003;Bricht;Ab;Passwort-6003;;;\n`,
      );
      const before = await employeesOf(portalId);
      const logBefore = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from change_log`,
      );
      const res = await admin.post(`/api/employee/import/${id}/commit`, {
        portalId,
        mode: 'deactivateOthers',
        mapping: MAPPING,
      });
      expect(res.statusCode).toBe(200);
      const last = events(res.body).at(-1)!;
      expect(last).toEqual({
        type: 'error',
        error: {
          code: 'EMPLOYEE_IMPORT_FAILED',
          message:
            'Der Import ist fehlgeschlagen. Es wurden keine Daten geändert. Bitte versuchen Sie es erneut.',
        },
      });
      expect(await employeesOf(portalId)).toEqual(before);
      expect((await employeesOf(portalId)).find((r) => r.id === bystander)!.active).toBe(true);
      expect(await queryRows(t.database.db, sql`select count(*)::int as n from change_log`)).toEqual(
        logBefore,
      );
      const job = await admin.get(`/api/employee/import/${id}`);
      expect(job.json().data).toMatchObject({ status: 'failed', error: { code: 'EMPLOYEE_IMPORT_FAILED' } });
    } finally {
      await t.database.db.execute(sql`drop trigger import_test_fail on employees`);
      await t.database.db.execute(sql`drop function import_test_fail()`);
    }
  });
});
