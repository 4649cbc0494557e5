import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin, mainPortalId } from '#test/fixtures.ts';
import { expectCleanPdfLayout } from '#test/support/pdf-layout.ts';

let t: TestApp;
let admin: ApiClient;
let adminId: number;
let loc: Record<string, number>;
let bricks: Record<string, number>;
let assessment: HazardAnalysis;
let other: HazardAnalysis;
let empty: HazardAnalysis;
let versionId: number;

const data = (res: { json: <T>() => T }) => res.json<{ data: HazardAnalysis }>().data;

async function pdfText(payload: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  // Table cells wrap: compare with single spaces.
  return text.replace(/\s+/g, ' ');
}

async function create(body: Record<string, unknown>): Promise<HazardAnalysis> {
  const res = await admin.post('/api/hazardanalysis', body);
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}

async function userAt(location: string, permissions: number[]) {
  const user = await createUser(t.database.db, { permissions });
  await t.database.db.update(employees).set({ locationId: loc[location]! }).where(eq(employees.id, user.id));
  return t.login(user.login, user.password);
}

/** The data rows of a report run as CSV (header line dropped). */
async function csvRows(client: ApiClient, body: Record<string, unknown>): Promise<string[]> {
  const res = await client.post('/api/reports/generate', { Art: 3, ...body });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload.toString('utf8').trim().split('\r\n').slice(1);
}

/** Creates a CSV report (admin) and answers its id. */
async function csvReport(reportname: string, controller: string, text: string, rights: number[]) {
  const created = await admin.post('/api/reports', {
    reportname,
    controller,
    sql: text,
    timeoutSeconds: 10,
    formats: ['csv'],
    rights,
    filters: [],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ data: { id: number } }>().data.id;
}

/** A reader of released assessments only, at the location of `assessment`, who may print. */
const releasedReader = () =>
  userAt('Halle 1 – Abfüllung', [P.HAZARDANALYSIS_READONLY_RELEASED, P.HAZARDANALYSIS_PRINT]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  const rows = await queryRows<{ id: number; name: string }>(
    t.database.db,
    sql`select l.id, l.name from locations l join portals p on p.id = l.portal_id where p.is_main`,
  );
  loc = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  const b = await queryRows<{ id: number; identifier: string }>(
    t.database.db,
    sql`select id, identifier from hazard_bricks`,
  );
  bricks = Object.fromEntries(b.map((r) => [r.identifier, r.id]));

  let a = await create({
    bezeichnung: 'Abfülllinie Drucktest',
    locationId: loc['Halle 1 – Abfüllung'],
    brickIds: [bricks['M-01'], bricks['E-01']],
    responsibleId: adminId,
  });
  const [h1, h2] = a.hazards;
  const edit = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${h1!.id}`, {
    version: a.version,
    title: h1!.title,
    cause: 'Offene Schutzhaube',
    protectionGoal: 'Kein Eingriff in bewegte Teile',
    comment: 'Haube verriegeln',
    responsibleId: adminId,
    ratingBefore: { probability: 4, severity: 3 },
    ratingAfter: { probability: 1, severity: 3 },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  a = data(edit);
  const rate = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${h2!.id}/rating`, {
    version: a.version,
    ratingBefore: { probability: 4, severity: 3 },
    ratingAfter: null,
  });
  expect(rate.statusCode, rate.body).toBe(200);
  a = data(rate);
  // An action of the first hazard (actions table, decision 020; source_type 'hazard').
  await t.database.db.execute(sql`
    insert into actions (portal_id, source_type, source_id, designation, type, due_date, responsible_id, executor_id)
    values (${await mainPortalId(t.database.db)}, 'hazard', ${h1!.id}, 'Schutzhaube mit Verriegelung nachrüsten',
            'technical', '2026-12-15', ${adminId}, ${adminId})`);
  const released = await admin.post(`/api/hazardanalysis/${a.id}/release`, {
    version: a.version,
    releaseDate: '2026-11-24',
    nextCheckDate: '2027-11-24',
    responsibleId: adminId,
  });
  expect(released.statusCode, released.body).toBe(200);
  assessment = data(released);
  const versions = await admin.get(`/api/hazardanalysis/${a.id}/versions`);
  versionId = versions.json<{ data: { id: number }[] }>().data[0]!.id;

  other = await create({
    bezeichnung: 'Tanklager Drucktest',
    locationId: loc['Tanklager Nord'],
    brickIds: [bricks['B-01']],
    responsibleId: adminId,
  });
  empty = await create({ bezeichnung: 'Leere Drucktest', locationId: loc['Tanklager Nord'] });
});
afterAll(async () => {
  await t.close();
});

describe('one assessment as PDF', () => {
  it('prints the working copy: header, hazards with risks and actions, matrix, signatures', async () => {
    const res = await admin.get(`/api/hazardanalysis/${assessment.id}/print`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    await expectCleanPdfLayout(res.rawPayload, { words: ['Abfülllinie', 'Verriegelung', 'Technisch'] });
    const fileName = decodeURIComponent(String(res.headers['content-filename']));
    expect(fileName).toMatch(/^Gefährdungsbeurteilung_Abfülllinie Drucktest_\d\d-\d\d-\d\d_\d{4}\.pdf$/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Gefährdungsbeurteilung: Abfülllinie Drucktest');
    expect(text).toContain('Halle 1 – Abfüllung');
    expect(text).toContain('Freigegeben');
    expect(text).toContain('24.11.2026'); // release date
    expect(text).toContain('24.11.2027'); // next check
    expect(text).toContain(assessment.hazards[0]!.title);
    expect(text).toContain(assessment.hazards[1]!.title);
    expect(text).toContain('Offene Schutzhaube');
    expect(text).toContain('Kein Eingriff in bewegte Teile');
    expect(text).toContain('Haube verriegeln');
    // 4/3 → 6 (red), 1/3 → 3 (yellow) with the seeded criteria.
    expect(text).toContain('6 – hohes Risiko');
    expect(text).toContain('3 – signifikantes Risiko');
    expect(text).toContain('Schutzhaube mit Verriegelung nachrüsten');
    expect(text).toContain('Technisch');
    expect(text).toContain('15.12.2026');
    expect(text).toContain('Risikomatrix nach Nohl');
    for (const label of ['sehr gering', 'hoch', 'leichte Verletzung', 'mittelschwere Verletzung']) {
      expect(text.replace(/\s+/g, ' ')).toContain(label);
    }
    expect(text).toContain('vor Maßnahmen');
    expect(text).toContain('nach Maßnahmen');
    for (const label of ['Erstellt', 'Geprüft', 'Unterschrift']) expect(text).toContain(label);
    expect(text).toMatch(/Seite 1 von \d+/);
    // Hazards are numbered from 1.
    expect(text).toContain(`1. ${assessment.hazards[0]!.title}`);
    expect(text).toContain(`2. ${assessment.hazards[1]!.title}`);
    expect(text).not.toContain(`0. ${assessment.hazards[0]!.title}`);
  });

  it('scores with the criteria in force', async () => {
    const current = await admin.get('/api/hazardanalysis/status');
    expect(current.statusCode, current.body).toBe(200);
    const c = current.json<{ data: { criteria: { cells: number[][] }; version: number } }>().data;
    const cells = c.criteria.cells.map((row) => [...row]);
    cells[3]![2] = 7;
    const put = await admin.put('/api/hazardanalysis/status', {
      criteria: { cells, yellowFrom: 3, redFrom: 5 },
      version: c.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const text = await pdfText((await admin.get(`/api/hazardanalysis/${assessment.id}/print`)).rawPayload);
    expect(text).toContain('7 – hohes Risiko');
    // The frozen version keeps the scores of its release.
    const frozen = await pdfText((await admin.get(`/api/hazardanalysis/ref/${versionId}/print`)).rawPayload);
    expect(frozen).toContain('6 – hohes Risiko');
    expect(frozen).not.toContain('7 – hohes Risiko');
  });

  it('prints a frozen version from its snapshot, without actions', async () => {
    const res = await admin.get(`/api/hazardanalysis/ref/${versionId}/print`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    await expectCleanPdfLayout(res.rawPayload);
    const text = await pdfText(res.rawPayload);
    expect(text).toMatch(/Freigegeben \(Version 1,\s+eingefroren\)/);
    expect(text).toContain('Offene Schutzhaube');
    expect(text).not.toContain('Schutzhaube mit Verriegelung nachrüsten');
    expect(decodeURIComponent(String(res.headers['content-filename']))).toContain('_Version_1_');
  });

  it('needs HAZARDANALYSIS_PRINT and the reading rights; scope and released-only reading apply', async () => {
    const noPrint = await userAt('Halle 1 – Abfüllung', [P.HAZARDANALYSIS_READONLY]);
    expect((await noPrint.get(`/api/hazardanalysis/${assessment.id}/print`)).statusCode).toBe(403);
    const printOnly = await userAt('Halle 1 – Abfüllung', [P.HAZARDANALYSIS_PRINT]);
    const refused = await printOnly.get(`/api/hazardanalysis/${assessment.id}/print`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('NO_PERMISSION');
    const elsewhere = await userAt('Tanklager Nord', [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_PRINT]);
    expect((await elsewhere.get(`/api/hazardanalysis/${assessment.id}/print`)).statusCode).toBe(404);
    expect((await elsewhere.get(`/api/hazardanalysis/ref/${versionId}/print`)).statusCode).toBe(404);
    expect((await elsewhere.get(`/api/hazardanalysis/${other.id}/print`)).statusCode).toBe(200);
    const releasedOnly = await userAt('Halle 1 – Abfüllung', [
      P.HAZARDANALYSIS_READONLY_RELEASED,
      P.HAZARDANALYSIS_PRINT,
    ]);
    expect((await releasedOnly.get(`/api/hazardanalysis/${assessment.id}/print`)).statusCode).toBe(404);
    expect((await releasedOnly.get(`/api/hazardanalysis/ref/${versionId}/print`)).statusCode).toBe(200);
    expect((await admin.get('/api/hazardanalysis/999999/print')).statusCode).toBe(404);
  });
});

describe('list print: DataTable and the report engine with RecordList', () => {
  async function overviewId(): Promise<number> {
    const res = await admin.get('/api/reports/picker?controller=hazardanalysis');
    const rows = res.json<{ data: { rows: { id: number; reportname: string }[] } }>().data.rows;
    const report = rows.find((r) => r.reportname === 'Gefährdungsbeurteilungen – Übersicht');
    expect(report).toBeDefined();
    return report!.id;
  }

  it('DataTable answers the filtered ids with their hazard count (printable: at least one hazard)', async () => {
    const res = await admin.post('/api/hazardanalysis/DataTable', {
      search: 'Drucktest',
      offset: 0,
      limit: 0,
      filter: JSON.stringify({ status: 'active' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{
      data: { rows: { id: number; checklist_collectiontree_route: number; hazard_count: number }[] };
    }>().data.rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(assessment.id)?.hazard_count).toBe(2);
    expect(byId.get(other.id)?.hazard_count).toBe(1);
    expect(byId.get(empty.id)?.hazard_count).toBe(0);
    const released = await admin.post('/api/hazardanalysis/DataTable', {
      search: 'Drucktest',
      filter: JSON.stringify({ status: 'released' }),
    });
    const ids = released.json<{ data: { rows: { id: number }[] } }>().data.rows.map((r) => r.id);
    expect(ids).toEqual([assessment.id]);
  });

  it('the overview report covers exactly the records sent, with hazards and the highest risk', async () => {
    const id = await overviewId();
    const count = await admin.post('/api/reports/count', {
      ReportID: id,
      RecordList: [assessment.id, other.id],
    });
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json<{ data: { count: number } }>().data.count).toBe(2);
    const csv = await admin.post('/api/reports/generate', {
      ReportID: id,
      Art: 3,
      RecordList: `${assessment.id},${other.id}`,
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text).toContain('Bezeichnung;Ort;Version;Status;Gefährdungen;Höchstes Risiko');
    expect(text).toContain('Abfülllinie Drucktest;Halle 1 – Abfüllung;1;freigegeben;2;7 – hohes Risiko');
    expect(text).toContain('Tanklager Drucktest;Tanklager Nord;1;in Bearbeitung;1;nicht bewertet');
    expect(text).not.toContain('Leere Drucktest');
    const pdf = await admin.post('/api/reports/generate', {
      ReportID: id,
      Art: 1,
      RecordList: JSON.stringify([assessment.id]),
    });
    expect(pdf.statusCode).toBe(200);
    await expectCleanPdfLayout(pdf.rawPayload, { words: ['Gefährdungsbeurteilungen', 'Gefährdungen'] });
    const pdfContent = await pdfText(pdf.rawPayload);
    expect(pdfContent).toContain('Gefährdungsbeurteilungen – Übersicht');
    expect(pdfContent).toContain('Abfülllinie Drucktest');
    expect(pdfContent).not.toContain('Tanklager Drucktest');
    // Without a RecordList the report prints nothing (it is made for the list print).
    const none = await admin.post('/api/reports/count', { ReportID: id });
    expect(none.json<{ data: { count: number } }>().data.count).toBe(0);
    // Four report runs (on PGlite each in a worker on a snapshot, decision 026) and a PDF read back.
  }, 60_000);

  it('narrows RecordList to the assessments the user may see; refuses non-integers', async () => {
    const id = await overviewId();
    const elsewhere = await userAt('Tanklager Nord', [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_PRINT]);
    const csv = await elsewhere.post('/api/reports/generate', {
      ReportID: id,
      Art: 3,
      RecordList: [assessment.id, other.id],
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text).toContain('Tanklager Drucktest');
    expect(text).not.toContain('Abfülllinie Drucktest');
    for (const bad of ['1; drop table x', [1, 'x'], ['1.5'], { a: 1 }, [2 ** 40]]) {
      const res = await admin.post('/api/reports/count', { ReportID: id, RecordList: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
      expect(errorOf(res).message).toBe('Die Datensatzliste muss aus ganzen Zahlen bestehen.');
    }
    const noRight = await userAt('Tanklager Nord', [P.HAZARDANALYSIS_READONLY, P.REPORTS]);
    const hidden = await noRight.post('/api/reports/count', { ReportID: id, RecordList: [other.id] });
    expect(hidden.statusCode).toBe(404);
  });

  it('a released-only reader gets the last released version, never the working copy', async () => {
    const id = await overviewId();
    let a = await create({
      bezeichnung: 'Erste Freigabe Übersicht',
      locationId: loc['Halle 1 – Abfüllung'],
      brickIds: [bricks['M-01']],
      responsibleId: adminId,
    });
    const hazardId = a.hazards[0]!.id;
    async function step(
      res: Promise<{ statusCode: number; body: string; json: <T>() => T }>,
    ): Promise<HazardAnalysis> {
      const done = await res;
      expect(done.statusCode, done.body).toBe(200);
      return data(done);
    }
    const header = (bezeichnung: string) => ({
      version: a.version,
      bezeichnung,
      locationId: loc['Halle 1 – Abfüllung'],
      departmentId: null,
      activityId: null,
      attachSetting: 0,
    });
    const rate = (probability: number, severity: number) =>
      admin.put(`/api/hazardanalysis/${a.id}/hazards/${hazardId}/rating`, {
        version: a.version,
        ratingBefore: { probability, severity },
        ratingAfter: null,
      });
    const release = () =>
      admin.post(`/api/hazardanalysis/${a.id}/release`, {
        version: a.version,
        releaseDate: '2026-11-24',
        nextCheckDate: '2027-11-24',
        responsibleId: adminId,
      });
    // Version 1 released, then version 2 (renamed, rated 4×2 = 5) released: the last released one.
    a = await step(rate(4, 3));
    a = await step(release());
    a = await step(admin.put(`/api/hazardanalysis/${a.id}`, header('Zweite Freigabe Übersicht')));
    a = await step(rate(4, 2));
    a = await step(release());
    // Version 3, the working copy: renamed, rated low, one hazard more, not released.
    a = await step(admin.put(`/api/hazardanalysis/${a.id}`, header('Arbeitskopie Übersicht')));
    a = await step(rate(1, 1));
    a = await step(
      admin.post(`/api/hazardanalysis/${a.id}/hazards`, {
        version: a.version,
        brickIds: [bricks['E-01']],
        responsibleId: adminId,
      }),
    );
    expect(a.versionNumber).toBe(3);

    const released = await releasedReader();
    // `other` has no released version: a released-only reader gets no row for it.
    const rows = await csvRows(released, { ReportID: id, RecordList: [a.id, other.id] });
    expect(rows).toEqual(['Zweite Freigabe Übersicht;Halle 1 – Abfüllung;2;freigegeben;1;5 – hohes Risiko']);
    const count = await released.post('/api/reports/count', { ReportID: id, RecordList: [a.id, other.id] });
    expect(count.json<{ data: { count: number } }>().data.count).toBe(1);
    // A reader of the working copy prints the working copy as before.
    expect(await csvRows(admin, { ReportID: id, RecordList: [a.id] })).toEqual([
      'Arbeitskopie Übersicht;Halle 1 – Abfüllung;3;in Bearbeitung;2;1 – geringes Risiko',
    ]);
  });

  it('RecordID of a released-only reader is bound as :versionid, not :recordid', async () => {
    const reportId = await csvReport(
      'Version je Datensatz',
      'hazardanalysis',
      `select 'Arbeitskopie ' || ha.bezeichnung as "Stand" from hazard_analyses ha where ha.id = :recordid
union all
select 'Version ' || v.version_number from hazard_analysis_versions v where v.id = :versionid`,
      [P.HAZARDANALYSIS_PRINT],
    );
    const stand = (client: ApiClient) => csvRows(client, { ReportID: reportId, RecordID: assessment.id });
    const released = await releasedReader();
    expect(await stand(released)).toEqual(['Version 1']);
    expect(await stand(admin)).toEqual(['Arbeitskopie Abfülllinie Drucktest']);
  });

  it('a report may use :recordlist and :recordid; a filter may not take their names', async () => {
    const reportId = await csvReport(
      'Datensatzauswahl Test',
      'location',
      'select l.name as "Ort" from locations l where l.id = any(:recordlist) or l.id = :recordid order by l.name',
      [P.REPORTS],
    );
    const res = await admin.post('/api/reports/generate', {
      ReportID: reportId,
      Art: 3,
      RecordList: [loc['Tanklager Nord']],
      RecordID: String(loc['Halle 1 – Abfüllung']),
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain('Tanklager Nord');
    expect(text).toContain('Halle 1 – Abfüllung');
    expect(text.trim().split('\r\n')).toHaveLength(3);
    const reserved = await admin.post('/api/reports', {
      reportname: 'Reserviert',
      controller: 'location',
      sql: 'select l.name from locations l where l.id = any(:recordlist)',
      timeoutSeconds: 10,
      formats: ['csv'],
      rights: [P.REPORTS],
      filters: [{ field: 'recordlist', filtername: 'Liste', filtercontent: '' }],
    });
    expect(reserved.statusCode).toBe(400);
    expect(errorOf(reserved).message).toContain('reserviert');
  });
});

describe('factors of a hazard', () => {
  it('prints the factors ("register › factor") in the working copy and in the frozen version', async () => {
    const menus = await admin.get('/api/factormenus?limit=100');
    const gdaId = menus
      .json<{ data: { rows: { id: number; standard: boolean }[] } }>()
      .data.rows.find((r) => r.standard)!.id;
    const gda = (await admin.get(`/api/factormenus/${gdaId}`)).json<{
      data: {
        registers: {
          number: string;
          title: string;
          dropdown: { multiple: boolean };
          factors: { id: number; number: string; title: string }[];
        }[];
      };
    }>().data;
    // A register that allows several factors (the standard menu's „3 Gefahrstoffe“ does).
    const register = gda.registers.find((r) => r.dropdown.multiple && r.factors.length > 1)!;
    const [factor, second] = [register.factors[0]!, register.factors[1]!];
    let a = await create({
      bezeichnung: 'Faktor Drucktest',
      locationId: loc['Tanklager Nord'],
      brickIds: [bricks['M-01']],
      responsibleId: adminId,
    });
    a = data(
      await admin.put(`/api/hazardanalysis/${a.id}`, {
        version: a.version,
        bezeichnung: a.bezeichnung,
        locationId: a.location?.id ?? null,
        factorMenuId: gdaId,
      }),
    );
    const h = a.hazards[0]!;
    const set = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${h.id}`, {
      version: a.version,
      title: h.title,
      responsibleId: adminId,
      factorIds: [factor.id, second.id],
    });
    expect(set.statusCode, set.body).toBe(200);
    a = data(set);
    const expected = `Gefährdungsfaktoren: ${register.number} ${register.title} › ${factor.number} ${factor.title}`;
    const expectedSecond = `${register.number} ${register.title} › ${second.number} ${second.title}`;
    const workingPdf = (await admin.get(`/api/hazardanalysis/${a.id}/print`)).rawPayload;
    await expectCleanPdfLayout(workingPdf);
    const working = await pdfText(workingPdf);
    expect(working).toContain(expected);
    expect(working).toContain(expectedSecond);
    const released = await admin.post(`/api/hazardanalysis/${a.id}/release`, {
      version: a.version,
      releaseDate: '2026-11-24',
      nextCheckDate: '2027-11-24',
      responsibleId: adminId,
    });
    expect(released.statusCode, released.body).toBe(200);
    const versions = await admin.get(`/api/hazardanalysis/${a.id}/versions`);
    const frozenId = versions.json<{ data: { id: number }[] }>().data[0]!.id;
    const frozen = await pdfText((await admin.get(`/api/hazardanalysis/ref/${frozenId}/print`)).rawPayload);
    expect(frozen).toContain(expected);
    expect(frozen).toContain(expectedSecond);
  });
});

describe('the layout of the printed assessment', () => {
  const DESIGNATION = 'Abfülllinie 1 – Abfüllen von Ethanol in Gebinde';
  const LONG_CAUSE =
    'Beim Umfüllen von Ethanol aus dem Fass in Kleingebinde entstehen explosionsfähige Dampf-Luft-Gemische, ' +
    'die sich an elektrostatischen Entladungen entzünden können; Erdungszangen fehlen an zwei Abfüllplätzen. ';
  const LONG_MEASURE =
    'Erdung und Potentialausgleich aller Gebinde vor dem Abfüllen sicherstellen, Erdungszangen an beiden ' +
    'Abfüllplätzen nachrüsten und die Prüfung im Schichtbuch dokumentieren';
  const TYPES = ['organisational', 'technical', 'substitution', 'personal'] as const;

  it('prints long designations, long texts and many hazards without text over text or split words', async () => {
    const department = await admin.post('/api/departments', {
      name: 'Produktion Abfüllung und Konfektionierung brennbarer Flüssigkeiten (Schichtbetrieb)',
      parentId: null,
    });
    expect(department.statusCode, department.body).toBe(201);
    const identifiers = Object.keys(bricks).sort();
    let a = await create({
      bezeichnung: DESIGNATION,
      locationId: loc['Halle 1 – Abfüllung'],
      departmentId: department.json<{ data: { id: number } }>().data.id,
      // Every brick, then ten of them once more: some 30 hazards over several pages.
      brickIds: [...identifiers, ...identifiers.slice(0, 10)].map((id) => bricks[id]),
      responsibleId: adminId,
    });
    expect(a.hazards.length).toBe(identifiers.length + 10);
    const portalId = await mainPortalId(t.database.db);
    for (const [index, hazard] of a.hazards.entries()) {
      if (index % 3 === 0) {
        const edit = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${hazard.id}`, {
          version: a.version,
          title: `${hazard.title} beim Abfüllen von Ethanol in Kleingebinde und Kanister an der Abfülllinie 1`,
          cause: LONG_CAUSE.repeat(1 + (index % 4)),
          protectionGoal: 'Keine Zündquelle in explosionsgefährdeten Bereichen',
          comment: index === 9 ? LONG_CAUSE.repeat(18) : '',
          responsibleId: adminId,
          ratingBefore: { probability: 4, severity: 3 },
          ratingAfter: { probability: 1, severity: 3 },
        });
        expect(edit.statusCode, edit.body).toBe(200);
        a = data(edit);
      }
      // Actions of every type with long texts (the type column holds „Organisatorisch“, „Personenbezogen“).
      for (let k = 0; k < index % 5; k++) {
        await t.database.db.execute(sql`
          insert into actions (portal_id, source_type, source_id, designation, type, due_date, responsible_id,
                               executor_id, external_executor)
          values (${portalId}, 'hazard', ${hazard.id}, ${`${LONG_MEASURE} (${k + 1})`}, ${TYPES[k % 4]},
                  '2026-12-15', ${adminId}, null,
                  ${k % 2 ? 'Fremdfirma Brandschutztechnik Rhein-Ruhr GmbH & Co. KG' : null})`);
      }
    }
    const res = await admin.get(`/api/hazardanalysis/${a.id}/print`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const pages = await expectCleanPdfLayout(res.rawPayload, {
      words: [
        ...`${DESIGNATION} ${LONG_CAUSE} ${LONG_MEASURE}`.split(/\s+/),
        'Organisatorisch',
        'Personenbezogen',
        'Substitution',
        'Technisch',
        'Brandschutztechnik',
        'Verantwortlich',
        'Konfektionierung',
      ],
    });
    expect(pages.length).toBeGreaterThan(3);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Organisatorisch');
    expect(text).toContain('Personenbezogen');
    expect(text).toContain(`1. ${a.hazards[0]!.title}`);
    expect(text).toContain(`${a.hazards.length}. ${a.hazards.at(-1)!.title}`);
    expect(text).not.toMatch(/(^|\s)0\. /);
    // The header's designation wraps and the „Ort“ row stands below it, not on it.
    const items = pages[0]!.items;
    const ort = items.find((i) => i.text === 'Ort')!;
    const designationLines = items.filter(
      (i) => i.x > ort.x + 50 && i.y < ort.y && DESIGNATION.includes(i.text),
    );
    expect(designationLines.length).toBeGreaterThan(0);
    for (const line of designationLines) expect(line.y).toBeLessThan(ort.y - line.fontSize);
  });
});
