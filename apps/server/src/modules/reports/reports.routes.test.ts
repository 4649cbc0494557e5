import { createHash } from 'node:crypto';
import { P } from '@schutzwerk/shared/permissions.ts';
import { REPORT_WARNING_TEXT } from '@schutzwerk/shared/reports/reports.schema.ts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';
import { reportCatalog, reportRowPolicies } from './report-data-rights.ts';
import { type BaseReport, ensureBaseReports } from './reports.base-data.ts';
import { SECRET_TABLES } from './sql-guard.ts';

let t: TestApp;
let admin: ApiClient;
let runner: ApiClient;
let reportId: number;

type Report = { id: number; reportname: string; version: number; filters: { id: number; field: string }[] };

const definition = (overrides: Record<string, unknown> = {}) => ({
  reportname: 'Testreport Mitarbeiter',
  controller: 'employee',
  sql: `select e.last_name as "Nachname", e.first_name as "Vorname", d.name as "Abteilung"
        from employees e left join departments d on d.id = e.department_id
        where (:name::text is null or e.last_name = :name::text) and (:aktiv::int = 0 or e.active)
          and e.portal_id = :portal::int
        order by e.last_name, e.id`,
  timeoutSeconds: 10,
  formats: ['pdf', 'xlsx', 'csv'],
  rights: [P.REPORTS],
  filters: [
    { field: 'name', filtername: 'Nachname', filtercontent: '' },
    { field: 'aktiv', filtername: 'nur aktive', filtercontent: '#CHECKBOX=' },
    { field: 'portal', filtername: 'Portal', filtercontent: '#HIDDEN=1' },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const user = await createUser(t.database.db, { permissions: [P.REPORTS] });
  runner = await t.login(user.login, user.password);
  const res = await admin.post('/api/reports', definition());
  expect(res.statusCode, res.body).toBe(201);
  reportId = res.json<{ data: Report }>().data.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('report definitions', () => {
  it('lists the German base reports and refuses users without REPORTS_MANAGE', async () => {
    const res = await admin.get('/api/reports?limit=100');
    expect(res.statusCode).toBe(200);
    const names = res.json<{ data: { rows: { reportname: string }[] } }>().data.rows.map((r) => r.reportname);
    expect(names).toContain('Mitarbeiterliste nach Abteilung');
    expect(names).toContain('Orte mit Notrufnummern');
    expect((await runner.get('/api/reports')).statusCode).toBe(403);
    expect((await runner.post('/api/reports', definition({ reportname: 'X' }))).statusCode).toBe(403);
  });

  it('brings an untouched base report up to date at start-up, leaves an edited one alone', async () => {
    const base = (text: string, replaces: string[] = []): BaseReport => ({
      name: 'Basisreport Aktualisierung',
      controller: 'location',
      sql: text,
      timeoutSeconds: 30,
      formats: ['csv'],
      rights: [P.REPORTS],
      filters: [],
      replaces,
    });
    const stored = async () =>
      (
        await queryRows<{ sql: string; version: number }>(
          t.database.db,
          sql`select sql, version from reports where name = 'Basisreport Aktualisierung'`,
        )
      )[0];
    const hash = (text: string) => createHash('sha256').update(text).digest('hex');
    await ensureBaseReports(t.database.db, [base('select 1 as "Alt"')]);
    expect(await stored()).toEqual({ sql: 'select 1 as "Alt"', version: 1 });
    await ensureBaseReports(t.database.db, [base('select 2 as "Neu"', [hash('select 1 as "Alt"')])]);
    expect(await stored()).toEqual({ sql: 'select 2 as "Neu"', version: 2 });
    // Edited by an administrator: its text is no earlier base text, so it stays.
    await t.database.db.execute(
      sql`update reports set sql = 'select 3 as "Eigen"' where name = 'Basisreport Aktualisierung'`,
    );
    await ensureBaseReports(t.database.db, [
      base('select 4 as "Neuer"', [hash('select 1 as "Alt"'), hash('select 2 as "Neu"')]),
    ]);
    expect(await stored()).toEqual({ sql: 'select 3 as "Eigen"', version: 2 });
  });

  it('validates in German, refuses duplicate names and stale versions', async () => {
    const bad = await admin.post(
      '/api/reports',
      definition({ reportname: '', formats: [], timeoutSeconds: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    const messages = JSON.stringify(errorOf(bad).details);
    expect(messages).toContain('Bitte geben Sie einen Namen für den Report an.');
    expect(messages).toContain('Bitte wählen Sie mindestens ein Ausgabeformat.');
    expect(messages).toContain('Das SQL-Timeout muss mindestens 1 Sekunde betragen.');
    const dup = await admin.post('/api/reports', definition({ reportname: 'testreport mitarbeiter' }));
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('REPORT_NAME_EXISTS');

    const created = (await admin.post('/api/reports', definition({ reportname: 'Zum Ändern' }))).json<{
      data: Report;
    }>().data;
    const ok = await admin.put(`/api/reports/${created.id}`, {
      ...definition({ reportname: 'Geändert' }),
      version: created.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await admin.put(`/api/reports/${created.id}`, {
      ...definition({ reportname: 'Nochmal' }),
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const del = await admin.delete(`/api/reports/${created.id}?version=${created.version + 1}`);
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`/api/reports/${created.id}`)).statusCode).toBe(404);
  });

  it('needs REPORTS_SQL to write SQL', async () => {
    const manager = await createUser(t.database.db, { permissions: [P.REPORTS_MANAGE] });
    const client = await t.login(manager.login, manager.password);
    const res = await client.post('/api/reports', definition({ reportname: 'Ohne SQL-Recht' }));
    expect(res.statusCode).toBe(403);
  });
});

/** Attack strings and the reason each must be refused with. */
const ATTACKS: [string, string][] = [
  ['delete from employees', 'NOT_SELECT'],
  ['update employees set active = false', 'NOT_SELECT'],
  ["insert into portals(name) values ('x')", 'NOT_SELECT'],
  ['drop table employees', 'NOT_SELECT'],
  ['truncate employees', 'NOT_SELECT'],
  ['select 1; delete from employees', 'NOT_ONE_STATEMENT'],
  ['select 1; select 2', 'NOT_ONE_STATEMENT'],
  ['with x as (delete from employees returning id) select * from x', 'DATA_MODIFYING'],
  ["with x as (update portals set name = 'a' returning id) select id from x", 'DATA_MODIFYING'],
  ["with x as (insert into portals(name) values ('a') returning id) select id from x", 'DATA_MODIFYING'],
  ['select id into neue_tabelle from portals', 'SELECT_INTO'],
  ['select id from portals for update', 'LOCKING'],
  ['select id from portals for share', 'LOCKING'],
  ['select id from portals for no key update skip locked', 'LOCKING'],
  ['select pg_sleep(10)', 'FUNCTION'],
  ['select pg_catalog.pg_sleep(10)', 'FUNCTION'],
  ["select set_config('role', 'postgres', false)", 'FUNCTION'],
  ["select current_setting('data_directory')", 'FUNCTION'],
  ["select pg_read_file('/etc/passwd')", 'FUNCTION'],
  ["select pg_ls_dir('.')", 'FUNCTION'],
  ["select lo_import('/etc/passwd')", 'FUNCTION'],
  ["select dblink('host=evil', 'select 1')", 'FUNCTION'],
  ["select nextval('employees_id_seq')", 'FUNCTION'],
  ['select pg_advisory_lock(1)', 'FUNCTION'],
  ['select txid_current()', 'FUNCTION'],
  ["select query_to_xml('select * from sessions', true, true, '')", 'FUNCTION'],
  ['select public.evil()', 'FUNCTION'],
  ['select * from pg_catalog.pg_authid', 'SCHEMA'],
  ['select * from pg_shadow', 'TABLE'],
  ['select * from information_schema.tables', 'SCHEMA'],
  ['select expires_at from sessions', 'TABLE'],
  ['select token_hash from portals', 'COLUMN'],
  ['select value from settings', 'TABLE'],
  ['select * from mail_outbox', 'TABLE'],
  ['select * from sso_tickets', 'TABLE'],
  ['select sql from reports', 'TABLE'],
  ['select * from drizzle.__drizzle_migrations', 'SCHEMA'],
  ['select password_hash from employees', 'COLUMN'],
  ['select e.password_hash from employees e', 'COLUMN'],
  ['select * from employees', 'WHOLE_ROW'],
  ['select e.* from employees e', 'WHOLE_ROW'],
  ['select row_to_json(e) from employees e', 'FUNCTION'],
  ['select json_agg(e) from employees e', 'WHOLE_ROW'],
  ["select 'pg_authid'::regclass", 'CAST'],
  ['select id from portals where id = $1', 'PARAMETER'],
  ['select id from portals where id = :unbekannt', 'UNKNOWN_FILTER'],
  ['selec id from portals', 'SYNTAX'],
  ['explain select 1', 'NOT_SELECT'],
  ["copy employees to '/tmp/x'", 'NOT_SELECT'],
  ["select * from xmltable('/a' passing '<a/>' columns x int)", 'CONSTRUCT'],
  ['set role postgres', 'NOT_SELECT'],
];

describe('the SQL guard', () => {
  it(`refuses ${ATTACKS.length} attack strings, each with its German reason`, async () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(30);
    for (const [sqlText, reason] of ATTACKS) {
      const res = await admin.post('/api/reports/check', { sql: sqlText, filters: [] });
      expect(res.statusCode, sqlText).toBe(400);
      const error = errorOf(res);
      expect(error.code, sqlText).toBe('REPORT_SQL_FORBIDDEN');
      expect((error.details as { reason: string }).reason, sqlText).toBe(reason);
      expect(error.message, sqlText).toMatch(/[äöüß]|nicht|Report|SQL/);
    }
  });

  it('accepts plain reads and names the reason when saving', async () => {
    for (const ok of [
      'select id, name from portals',
      'with p as (select id from portals) select count(*) from p',
      "select to_char(now(), 'DD.MM.YYYY'), coalesce(null, 1)",
      'select d.name, count(*) from departments d group by d.name order by 1',
      "select ':x' as text -- :y",
    ]) {
      const res = await admin.post('/api/reports/check', { sql: ok, filters: [] });
      expect(res.statusCode, `${ok}: ${res.body}`).toBe(200);
    }
    const res = await admin.post(
      '/api/reports',
      definition({ reportname: 'Böse', sql: 'select pg_sleep(100)' }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Die Funktion „pg_sleep“ ist in Reports nicht erlaubt.');
  });
});

describe('running reports', () => {
  it('offers only reports the user may run, and hides hidden filters', async () => {
    const picker = await runner.get('/api/reports/picker?controller=employee');
    expect(picker.statusCode).toBe(200);
    const names = picker
      .json<{ data: { rows: { reportname: string }[] } }>()
      .data.rows.map((r) => r.reportname);
    expect(names).toContain('Testreport Mitarbeiter');
    expect(names).not.toContain('Orte mit Notrufnummern');

    const filters = await runner.get(`/api/reports/getFilters?reportid=${reportId}`);
    expect(filters.statusCode).toBe(200);
    const list = filters.json<{
      data: { filters: { field: string; kind: string; defaultValue: string }[] };
    }>().data.filters;
    expect(list.map((f) => f.field)).toEqual(['name', 'aktiv']);
    expect(list[1]).toMatchObject({ kind: 'checkbox', defaultValue: '1' });
    expect(filters.body).not.toContain('HIDDEN');

    const noRight = await createUser(t.database.db, { permissions: [P.EMPLOYEES_BASIC_READONLY] });
    const other = await t.login(noRight.login, noRight.password);
    expect((await other.get(`/api/reports/getFilters?reportid=${reportId}`)).statusCode).toBe(404);
    expect((await other.post('/api/reports/generate', { ReportID: reportId })).statusCode).toBe(404);
  });

  it('counts records and warns above 1000', async () => {
    const created = await admin.post(
      '/api/reports',
      definition({
        reportname: 'Zahlenreihe',
        sql: 'select n as "Nummer" from generate_series(1, :bis::int) n',
        filters: [{ field: 'bis', filtername: 'bis', filtercontent: '1001' }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: Report }>().data.id;
    const res = await admin.post('/api/reports/count', { ReportID: id, Filter: '{}' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({ count: 1001, warning: REPORT_WARNING_TEXT });
    const limit = await admin.post('/api/reports/count', {
      ReportID: id,
      Filter: JSON.stringify({ bis: '1000' }),
    });
    expect(limit.json<{ data: unknown }>().data).toEqual({ count: 1000, warning: null });
    const base = (await admin.get('/api/reports?search=Mitarbeiterliste')).json<{
      data: { rows: { id: number }[] };
    }>().data.rows[0]!.id;
    const employees = await admin.post('/api/reports/count', { ReportID: base, Filter: '{}' });
    expect(employees.json<{ data: { count: number } }>().data.count).toBeGreaterThan(100);
  });

  it('binds filters as parameters: an injection attempt is just a value', async () => {
    const res = await runner.post('/api/reports/generate', {
      ReportID: reportId,
      Art: 3,
      Filter: JSON.stringify({ name: "'; drop table employees; --" }),
      UserLanguage: 'de',
    });
    expect(res.statusCode, res.body).toBe(200);
    const csv = res.body;
    expect(csv.split('\r\n').filter((l) => l !== '')).toHaveLength(1); // header only
    const still = await admin.post('/api/reports/count', { ReportID: reportId, Filter: '{}' });
    expect(still.json<{ data: { count: number } }>().data.count).toBeGreaterThan(0);
  });

  it('answers CSV with BOM and ; and the file name headers', async () => {
    const res = await runner.post('/api/reports/generate', { ReportID: reportId, Art: 3, Filter: '{}' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const name = decodeURIComponent(String(res.headers['content-filename']));
    expect(name).toMatch(/^Testreport Mitarbeiter_\d\d-\d\d-\d\d_\d{4}\.csv$/);
    expect(String(res.headers['content-disposition'])).toContain(
      "filename*=UTF-8''Testreport%20Mitarbeiter_",
    );
    expect(res.rawPayload[0]).toBe(0xef);
    expect(res.body).toContain('Nachname;Vorname;Abteilung');
  });

  it('renders XLSX', async () => {
    const res = await runner.post('/api/reports/generate', { ReportID: reportId, Art: 2, Filter: '{}' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Nachname');
    expect(sheet.rowCount).toBeGreaterThan(1);
  });

  it('renders a PDF with company, title, filters, umlauts, date and page numbers', async () => {
    await admin.put('/api/settings/system', {
      value: {
        companyName: 'Müller & Söhne Größenwerk GmbH',
        applicationUrl: '',
        supportEmail: '',
        supportPhone: '',
      },
      version: 1,
    });
    const res = await runner.post('/api/reports/generate', {
      ReportID: reportId,
      Art: 1,
      Filter: JSON.stringify({ aktiv: 1 }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Testreport Mitarbeiter');
    expect(text).toContain('nur aktive: ja');
    expect(text).not.toContain('Portal');
    expect(text).toMatch(/Druckdatum: \d\d\.\d\d\.\d\d \d\d:\d\d/);
    expect(text).toMatch(/Seite 1 von \d+/);
    expect(text).toContain('Prüfer'); // umlauts of the test users' names
  });

  it('refuses a format the report does not offer', async () => {
    const created = await admin.post('/api/reports', definition({ reportname: 'Nur CSV', formats: ['csv'] }));
    const id = created.json<{ data: Report }>().data.id;
    const res = await admin.post('/api/reports/generate', { ReportID: id, Art: 1 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('REPORT_FORMAT_NOT_ALLOWED');
  });
});

describe('runaway reports', () => {
  it('PGlite does not honour statement_timeout (why reports run in a worker there)', async () => {
    if (t.database.kind !== 'pglite') return;
    const started = Date.now();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local statement_timeout = 100'));
      await tx.execute(
        sql.raw('select count(*) from generate_series(1, 3000) a cross join generate_series(1, 3000) b'),
      );
    });
    // Not cancelled after 100 ms: the query ran to its end (about 1–2 s here).
    expect(Date.now() - started).toBeGreaterThan(300);
  });

  it('stops a heavy cross join at its timeout (PostgreSQL: statement_timeout, PGlite: the worker)', async () => {
    const created = await admin.post(
      '/api/reports',
      definition({
        reportname: 'Zu schwer',
        sql: 'select count(*) from generate_series(1, 100000) a cross join generate_series(1, 100000) b',
        timeoutSeconds: 1,
        filters: [],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: Report }>().data.id;
    const started = Date.now();
    const res = await admin.post('/api/reports/generate', { ReportID: id, Art: 3 });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('REPORT_TIMEOUT');
    // Unstopped, the join counts 10^10 rows (many minutes): well under that proves the timeout stopped it. The
    // bound is loose on purpose — a loaded CI machine took 5.4 s for the 1 s timeout once.
    expect(elapsed).toBeLessThan(30_000);
  });

  it('times out an endless recursive CTE (allowed on PGlite too: the worker bounds it)', async () => {
    const created = await admin.post(
      '/api/reports',
      definition({
        reportname: 'Endlos',
        sql: 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
        timeoutSeconds: 1,
        filters: [],
      }),
    );
    const id = created.json<{ data: Report }>().data.id;
    const started = Date.now();
    const res = await admin.post('/api/reports/generate', { ReportID: id, Art: 3 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('REPORT_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('runs as the read-only report role: secret columns are not readable even past the guard', async () => {
    // row_to_json is not on the allow-list; the attribute notation e.row_to_json is, for the parser,
    // a column reference: the role's column grants stop it.
    const created = await admin.post(
      '/api/reports',
      definition({ reportname: 'Umweg', sql: 'select e.row_to_json from employees e', filters: [] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: Report }>().data.id;
    const res = await admin.post('/api/reports/generate', { ReportID: id, Art: 3 });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('REPORT_SQL_FORBIDDEN');
    expect((errorOf(res).details as { reason: string }).reason).toBe('PRIVILEGE');
  });
});

describe('test run (preview)', () => {
  it('answers the first 20 rows of unsaved SQL as text, with filter values, under the same guard', async () => {
    const res = await admin.post('/api/reports/preview', {
      sql: 'select n as "Nummer", n * 1.5 as "Hälfte mehr", :wort::text as "Wort" from generate_series(1, :bis::int) n',
      filters: [
        { field: 'bis', filtername: 'bis', filtercontent: '30' },
        { field: 'wort', filtername: 'Wort', filtercontent: '' },
      ],
      values: { wort: 'Größe' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { columns: string[]; rows: string[][]; truncated: boolean } }>().data;
    expect(data.columns).toEqual(['Nummer', 'Hälfte mehr', 'Wort']);
    expect(data.rows).toHaveLength(20);
    expect(data.rows[2]).toEqual(['3', '4,5', 'Größe']);
    expect(data.truncated).toBe(true);
    const refused = await admin.post('/api/reports/preview', { sql: 'select pg_sleep(1)' });
    expect(errorOf(refused).code).toBe('REPORT_SQL_FORBIDDEN');
    const manager = await createUser(t.database.db, { permissions: [P.REPORTS_MANAGE] });
    const client = await t.login(manager.login, manager.password);
    expect((await client.post('/api/reports/preview', { sql: 'select 1' })).statusCode).toBe(403);
  });
});

describe('import and export', () => {
  it('exports a definition and refuses it back while it exists; refuses invalid files', async () => {
    const exported = await admin.get(`/api/reports/${reportId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(decodeURIComponent(String(exported.headers['content-filename']))).toBe(
      'Testreport Mitarbeiter.report.json',
    );
    const again = await admin.post('/api/reports/import', { content: exported.body });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('REPORT_EXISTS');
    const renamed = JSON.parse(exported.body) as { report: { reportname: string } };
    renamed.report.reportname = 'Importierter Report';
    const imported = await admin.post('/api/reports/import', { content: JSON.stringify(renamed) });
    expect(imported.statusCode, imported.body).toBe(201);
    const invalid = await admin.post('/api/reports/import', { content: 'kein json' });
    expect(errorOf(invalid).code).toBe('REPORT_FILE_INVALID');
    const wrong = await admin.post('/api/reports/import', { content: JSON.stringify({ kind: 'x' }) });
    expect(errorOf(wrong).code).toBe('REPORT_FILE_INVALID');
    expect(errorOf(invalid).message).toBe('Die Datei ist keine gültige Report-Datei.');
  });
});

describe("the caller's data rights in reports (decision 027)", () => {
  type Preview = { data: { columns: string[]; rows: string[][] } };
  const baseReportId = async () =>
    (await admin.get('/api/reports?search=Mitarbeiterliste')).json<{ data: { rows: { id: number }[] } }>()
      .data.rows[0]!.id;
  const count = async (client: ApiClient, id: number, filter: Record<string, string>) => {
    const res = await client.post('/api/reports/count', { ReportID: id, Filter: JSON.stringify(filter) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { count: number } }>().data.count;
  };
  /** A report manager who may write SQL, plus `permissions`. */
  const sqlWriter = async (permissions: number[] = []) => {
    const user = await createUser(t.database.db, {
      permissions: [P.REPORTS_MANAGE, P.REPORTS_SQL, ...permissions],
    });
    return t.login(user.login, user.password);
  };
  const preview = (client: ApiClient, sqlText: string) =>
    client.post('/api/reports/preview', { sql: sqlText });

  it('a base report with nur_aktive=0 lists no inactive employee to a user without EMPLOYEES_SHOW_INACTIVE', async () => {
    const id = await baseReportId();
    const fuehrung = await t.login('fuehrung'); // REPORTS and master data, not 'Inaktive Mitarbeiter anzeigen'
    const activeOnly = await count(admin, id, { nur_aktive: '1' });
    expect(await count(admin, id, { nur_aktive: '0' })).toBeGreaterThan(activeOnly);
    expect(await count(fuehrung, id, { nur_aktive: '0' })).toBe(activeOnly);
    const csv = await fuehrung.post('/api/reports/generate', {
      ReportID: id,
      Art: 3,
      Filter: JSON.stringify({ nur_aktive: '0' }),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n').filter((line) => line !== '');
    expect(lines.length).toBe(activeOnly + 1);
    expect(lines.slice(1).every((line) => line.endsWith(';aktiv'))).toBe(true);
    // With the right, the same report shows them.
    const sifa = await t.login('sifa');
    expect(await count(sifa, id, { nur_aktive: '0' })).toBeGreaterThan(activeOnly);
  });

  it('a report reads only the portal of the caller: a customer portal sees its own and assigned staff, the main portal all', async () => {
    const id = await baseReportId();
    const customer = await customerPortalId(t.database.db);
    const user = await createUser(t.database.db, {
      portalId: customer,
      permissions: [P.REPORTS, P.EMPLOYEES_BASIC_READONLY],
    });
    const visible = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from employees e where e.active and (e.portal_id = ${customer}
            or exists (select 1 from employee_portals ep where ep.employee_id = e.id and ep.portal_id = ${customer}))`,
    );
    const all = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from employees e where e.active`,
    );
    expect(all[0]!.n).toBeGreaterThan(visible[0]!.n);
    const client = await t.login(user.login, user.password);
    expect(await count(client, id, { nur_aktive: '1' })).toBe(visible[0]!.n);
    expect(await count(admin, id, { nur_aktive: '1' })).toBe(all[0]!.n);
    // Handwritten SQL of a customer portal's report manager: other portals' locations and employees stay hidden.
    const writer = await createUser(t.database.db, {
      portalId: customer,
      permissions: [P.REPORTS_MANAGE, P.REPORTS_SQL, P.EMPLOYEES_BASIC_READONLY],
    });
    const writerClient = await t.login(writer.login, writer.password);
    const foreign = await preview(
      writerClient,
      'select count(*) as "n" from locations l join portals p on p.id = l.portal_id where not p.is_main',
    );
    const own = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from locations where portal_id = ${customer}`,
    );
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(Number(foreign.json<Preview>().data.rows[0]![0])).toBe(own[0]!.n);
    const mainLocations = await preview(
      writerClient,
      'select count(*) as "n" from locations l join portals p on p.id = l.portal_id where p.is_main',
    );
    expect(mainLocations.json<Preview>().data.rows).toEqual([['0']]);
  });

  it('every table a report may read belongs to a portal, to an owner row, or is listed as shared by all portals', async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const readable = new Set(
      tables.map((r) => r.table_name).filter((name) => !SECRET_TABLES.has(name) && !name.startsWith('pg_')),
    );
    const catalog = await reportCatalog(readable, async (statement) => ({
      rows: await queryRows<Record<string, unknown>>(t.database.db, sql.raw(statement)),
    }));
    const { policies, unclassified } = reportRowPolicies(catalog);
    expect(unclassified, 'add a portal_id, an owner (cascading foreign key) or REPORT_GLOBAL_TABLES').toEqual(
      [],
    );
    const byKind = (kind: string) => policies.filter((p) => p.kind === kind).map((p) => p.table);
    expect(byKind('owner')).toEqual(
      expect.arrayContaining([
        'hazard_analysis_hazards',
        'hazard_analysis_versions',
        'document_versions',
        'employee_roles',
      ]),
    );
    expect(byKind('portal')).toEqual(
      expect.arrayContaining(['employees', 'locations', 'documents', 'portals']),
    );
  });

  it('a report reads the file versions of confidential documents only with DOCUMENTS_CONFIDENTIAL', async () => {
    const created = await admin.post('/api/documents', {
      label: 'Gutachten Report',
      type: 6,
      confidential: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const docId = created.json<{ data: { id: number } }>().data.id;
    await t.database.db.execute(
      sql`insert into stored_files (hash, size, mime_type) values ('ab'||repeat('0', 62), 3, 'application/pdf') on conflict do nothing`,
    );
    await t.database.db.execute(
      sql`insert into document_versions (document_id, number, file_name, mime_type, size, file_hash, uploaded_by_id)
          select ${docId}, 1, 'geheim.pdf', 'application/pdf', 3, 'ab'||repeat('0', 62), id from employees where login_name = 'admin'`,
    );
    const query = `select v.file_name from document_versions v where v.document_id = ${docId}`;
    const without = await preview(await sqlWriter([P.DOCUMENTS]), query);
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json<Preview>().data.rows).toEqual([]);
    const withRight = await preview(await sqlWriter([P.DOCUMENTS, P.DOCUMENTS_CONFIDENTIAL]), query);
    expect(withRight.json<Preview>().data.rows).toEqual([['geheim.pdf']]);
  });

  it('handwritten SQL reads no inactive employee without EMPLOYEES_SHOW_INACTIVE', async () => {
    const inactive = 'select count(*) as "n" from employees e where not e.active';
    const writer = await sqlWriter([P.EMPLOYEES_BASIC_READONLY]);
    const refused = await preview(writer, inactive);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<Preview>().data.rows).toEqual([['0']]);
    const allowed = await preview(await sqlWriter([P.EMPLOYEES_SHOW_INACTIVE]), inactive);
    expect(Number(allowed.json<Preview>().data.rows[0]![0])).toBeGreaterThan(0);
    expect(Number((await preview(admin, inactive)).json<Preview>().data.rows[0]![0])).toBeGreaterThan(0);
  });

  it('reads the field groups of the employee record only with their rights', async () => {
    const writer = await sqlWriter();
    for (const column of ['birthday', 'health_insurance_name', 'is_temp_worker', 'works_ban_until']) {
      const res = await preview(writer, `select e.${column} from employees e`);
      expect(res.statusCode, column).toBe(400);
      expect(errorOf(res).code, column).toBe('REPORT_SQL_FORBIDDEN');
      expect((errorOf(res).details as { reason: string }).reason, column).toBe('PRIVILEGE');
      // Filtering on it is reading it too.
      const filtered = await preview(
        writer,
        `select e.last_name from employees e where e.${column} is not null`,
      );
      expect(errorOf(filtered).code, column).toBe('REPORT_SQL_FORBIDDEN');
    }
    expect((await preview(writer, 'select e.last_name, e.email from employees e')).statusCode).toBe(200);

    const personal = await sqlWriter([P.EMPLOYEES_PERSONAL_DATA]);
    expect((await preview(personal, 'select e.birthday from employees e')).statusCode).toBe(200);
    expect((await preview(personal, 'select e.is_temp_worker from employees e')).statusCode).toBe(400);
    const all = await sqlWriter([P.EMPLOYEES_PERSONAL_DATA, P.EMPLOYEES_HEALTH_DATA, P.EMPLOYEES_READONLY]);
    const wide = await preview(
      all,
      'select e.birthday, e.health_insurance_name, e.is_temp_worker from employees e where not e.active',
    );
    expect(wide.statusCode, wide.body).toBe(200);
    // The role variant still obeys the row rule: no inactive employee without EMPLOYEES_SHOW_INACTIVE.
    expect(wide.json<Preview>().data.rows).toEqual([]);
  });
});
