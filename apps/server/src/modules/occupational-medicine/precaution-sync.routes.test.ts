import type {
  SyncCheck,
  SyncMapping,
  SyncPreview,
  SyncResult,
} from '@schutzwerk/shared/occupational-medicine/precaution-sync.schema.ts';
import type {
  CatalogueEntry,
  Precaution,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, mainPortalId } from '#test/fixtures.ts';

// A fixed clock: 15.06.2026.
const NOW = new Date('2026-06-15T10:00:00Z');
const BASE = '/api/occupational-medicine/sync';

let t: TestApp;
let master: ApiClient;
let editor: ApiClient;
let doctor: ApiClient;
let reader: ApiClient;
let noise: CatalogueEntry;
let screen: CatalogueEntry;
/** Anna Müller (S-1001): mandatory noise, offered screen work. */
let anna: number;
/** Jörg Weiß (S-1002): mandatory noise every 12 months and a wished noise precaution. */
let joerg: number;
const precautions: Record<string, Precaution> = {};

const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const details = (res: Parameters<typeof errorOf>[0]) =>
  errorOf(res).details as { path: (string | number)[]; message: string }[];

/** A file as the browser sends it: base64 of its bytes. */
const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const cp1252 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

const HEADER =
  'Personalnummer;Name;Vorname;Geburtsdatum;Vorsorgeanlass;Vorsorgeart;Untersuchungsdatum;Beurteilung;Nächster Termin';
/** The mapping the header above suggests. */
const BY_NUMBER: SyncMapping = {
  columns: {
    personnelNumber: 0,
    lastName: 1,
    firstName: 2,
    birthday: 3,
    occasion: 4,
    precautionType: 5,
    examinationDate: 6,
    assessment: 7,
    nextDate: 8,
  },
};

/** The employee's check-up items (decision 064): a due precaution is offered as one. */
async function checkupItems(employeeId: number) {
  return queryRows<{ status: string; valid_until: string | null }>(
    t.database.db,
    sql`select status, valid_until::text as valid_until from instruction_assignments
         where employee_id = ${employeeId} and type = 'checkup' order by id`,
  );
}

async function precautionsOf(employeeId: number) {
  return data<Precaution[]>(
    await doctor.get(`/api/occupational-medicine/precautions?employeeId=${employeeId}`),
  );
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const as = async (permissions: number[]) => {
    const user = await createUser(t.database.db, { permissions });
    return t.login(user.login, user.password);
  };
  master = await as([P.PRECAUTION_MASTER_DATA]);
  editor = await as([P.PRECAUTION_EDIT]);
  doctor = await as([P.PRECAUTION, P.PRECAUTION_ASSESSMENTS]);
  reader = await as([P.PRECAUTION, P.PRECAUTION_EDIT]);
  const entry = async (name: string) =>
    data<CatalogueEntry>(
      await master.post('/api/occupational-medicine/catalogues/assessmentReason', { name, line2: '' }),
    );
  noise = await entry('Lärm Sync');
  screen = await entry('Bildschirmarbeit Sync');
  const portalId = await mainPortalId(t.database.db);
  const people = await t.database.db
    .insert(employees)
    .values([
      { portalId, personnelNumber: 'S-1001', lastName: 'Müller', firstName: 'Anna', birthday: '1980-03-14' },
      { portalId, personnelNumber: 'S-1002', lastName: 'Weiß', firstName: 'Jörg', birthday: '1975-11-02' },
      { portalId, personnelNumber: 'S-1003', lastName: 'Klein', firstName: 'Max', birthday: '1990-01-01' },
      { portalId, personnelNumber: 'S-1004', lastName: 'Klein', firstName: 'Max', birthday: '1990-01-01' },
      {
        portalId: await customerPortalId(t.database.db),
        personnelNumber: 'S-9001',
        lastName: 'Fremd',
        firstName: 'Fritz',
        birthday: '1970-05-05',
      },
    ])
    .returning({ id: employees.id });
  anna = people[0]!.id;
  joerg = people[1]!.id;
  const create = async (key: string, body: Record<string, unknown>) => {
    const res = await editor.post('/api/occupational-medicine/precautions', {
      activityStart: '2025-01-01',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    precautions[key] = data<Precaution>(res);
  };
  await create('annaNoise', { employeeId: anna, type: 'mandatory', reasonId: noise.id });
  await create('annaScreen', { employeeId: anna, type: 'offer', reasonId: screen.id });
  await create('joergNoise', {
    employeeId: joerg,
    type: 'mandatory',
    reasonId: noise.id,
    intervalMonths: 12,
  });
  await create('joergWish', { employeeId: joerg, type: 'wish', reasonId: noise.id });
});
afterAll(async () => {
  await t.close();
});

describe('sync wizard, step 1: the file', () => {
  it('needs PRECAUTION_ASSESSMENTS on every step', async () => {
    const body = { fileName: 'a.csv', content: utf8('a;b\n1;2') };
    expect((await t.client().post(`${BASE}/preview`, body)).statusCode).toBe(401);
    for (const step of ['preview', 'check', 'commit']) {
      const res = await reader.post(`${BASE}/${step}`, { ...body, mapping: BY_NUMBER });
      expect(errorOf(res).code, step).toBe('NO_PERMISSION');
    }
  });

  it('reads a Windows-1252 export with semicolons and suggests columns and values', async () => {
    const file = `${HEADER}\r\nS-1001;Müller;Anna;14.03.1980;Lärm Sync;Pflicht;10.03.2026;geeignet;10.03.2029\r\nS-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Pflicht;11.03.2026;keine Bedenken;\r\n`;
    const res = await doctor.post(`${BASE}/preview`, { fileName: 'export.csv', content: cp1252(file) });
    expect(res.statusCode, res.body).toBe(200);
    const preview = data<SyncPreview>(res);
    expect(preview).toMatchObject({ encoding: 'windows-1252', separator: ';', rowCount: 2, hasHeader: true });
    expect(preview.columns[8]).toBe('Nächster Termin');
    expect(preview.rows[1]?.cells[1]).toBe('Weiß');
    expect(preview.suggestedColumns).toEqual(BY_NUMBER.columns);
    expect(preview.distinctValues[7]).toEqual(['geeignet', 'keine Bedenken']);
    expect(preview.occasions.map((o) => o.name)).toEqual(
      expect.arrayContaining(['Lärm Sync', 'Bildschirmarbeit Sync']),
    );
  });

  it('detects a comma-separated UTF-8 file with BOM', async () => {
    const file = `\uFEFFName,Vorname,Geburtsdatum,Anlass,Datum,Ergebnis\nMüller,Anna,14.03.1980,"Lärm Sync",10.03.2026,geeignet\n`;
    const preview = data<SyncPreview>(
      await doctor.post(`${BASE}/preview`, { fileName: 'x.csv', content: utf8(file) }),
    );
    expect(preview).toMatchObject({ encoding: 'utf-8', separator: ',', rowCount: 1 });
    expect(preview.columns[0]).toBe('Name');
    expect(preview.suggestedColumns).toEqual({
      lastName: 0,
      firstName: 1,
      birthday: 2,
      occasion: 3,
      examinationDate: 4,
      assessment: 5,
    });
  });

  it('refuses empty, unreadable and too large files with German messages', async () => {
    const empty = await doctor.post(`${BASE}/preview`, { fileName: 'e.csv', content: utf8(`${HEADER}\n`) });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('PRECAUTION_SYNC_EMPTY_FILE');
    const quote = await doctor.post(`${BASE}/preview`, {
      fileName: 'q.csv',
      content: utf8('a;b\n"offen;2\n'),
    });
    expect(errorOf(quote)).toMatchObject({
      code: 'PRECAUTION_SYNC_INVALID_FILE',
      message:
        'Ein Anführungszeichen wird bis zum Ende der Datei nicht geschlossen. Bitte prüfen Sie die Datei.',
    });
    const big = await doctor.post(`${BASE}/preview`, {
      fileName: 'big.csv',
      content: Buffer.alloc(2 * 1024 * 1024 + 1, 0x61).toString('base64'),
    });
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).code).toBe('PRECAUTION_SYNC_FILE_TOO_LARGE');
  });
});

describe('sync wizard, step 2: the mapping', () => {
  it('needs occasion, date, assessment and personnel number or name + birth date', async () => {
    const content = utf8(`${HEADER}\nS-1001;Müller;Anna;14.03.1980;Lärm Sync;Pflicht;10.03.2026;geeignet;`);
    const res = await doctor.post(`${BASE}/check`, {
      fileName: 'a.csv',
      content,
      mapping: { columns: { lastName: 1, occasion: 4, examinationDate: 12 } },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('PRECAUTION_SYNC_MAPPING_INCOMPLETE');
    expect(details(res)).toEqual([
      { path: ['mapping', 'columns', 'examinationDate'], message: 'Die Datei hat keine Spalte 13.' },
      { path: ['mapping', 'columns', 'assessment'], message: 'Bitte ordnen Sie eine Spalte zu.' },
      { path: ['mapping', 'columns', 'firstName'], message: 'Bitte ordnen Sie eine Spalte zu.' },
      { path: ['mapping', 'columns', 'birthday'], message: 'Bitte ordnen Sie eine Spalte zu.' },
    ]);
  });
});

describe('sync wizard, step 3: the check with row errors', () => {
  /** One good row, then one row per error. */
  const BAD_FILE = [
    HEADER,
    'S-1001;Müller;Anna;14.03.1980;Lärm Sync;Pflicht;10.03.2026;geeignet;10.03.2029', // 2 good
    'S-4711;Niemand;Nils;01.01.1990;Lärm Sync;Pflicht;10.03.2026;geeignet;', // 3 unknown employee
    'S-9001;Fremd;Fritz;05.05.1970;Lärm Sync;Pflicht;10.03.2026;geeignet;', // 4 other portal
    'S-1001;Müller;Anna;14.03.1980;G 99 Unbekannt;Pflicht;10.03.2026;geeignet;', // 5 unknown occasion
    'S-1001;Müller;Anna;14.03.1980;Lärm Sync;Sonder;10.03.2026;geeignet;', // 6 unknown type
    'S-1001;Müller;Anna;14.03.1980;Lärm Sync;Wunsch;10.03.2026;geeignet;', // 7 no such precaution
    'S-1001;Müller;Anna;14.03.1980;Bildschirmarbeit Sync;Angebot;31.02.2026;geeignet;', // 8 bad date
    'S-1001;Müller;Anna;14.03.1980;Bildschirmarbeit Sync;Angebot;16.06.2026;geeignet;', // 9 future
    'S-1001;Müller;Anna;14.03.1980;Bildschirmarbeit Sync;Angebot;01.06.2026;vielleicht;', // 10 assessment
    'S-1001;Müller;Anna;14.03.1980;Lärm Sync;Pflicht;10.03.2026;geeignet;', // 11 duplicate of 2
    'S-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Pflicht;;geeignet;', // 12 missing date
    'S-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Pflicht;01.06.2026;geeignet;01.05.2026', // 13 next before
  ].join('\n');

  it('lists every bad row with its German message and writes nothing', async () => {
    const res = await doctor.post(`${BASE}/check`, {
      fileName: 'bad.csv',
      content: utf8(BAD_FILE),
      mapping: BY_NUMBER,
    });
    expect(res.statusCode, res.body).toBe(200);
    const check = data<SyncCheck>(res);
    expect(check.rowCount).toBe(12);
    expect(check.errors).toEqual([
      { line: 3, kind: 'unknownEmployee', message: 'Unbekannter Mitarbeiter: Personalnummer „S-4711“.' },
      { line: 4, kind: 'unknownEmployee', message: 'Unbekannter Mitarbeiter: Personalnummer „S-9001“.' },
      {
        line: 5,
        kind: 'unknownPrecaution',
        message:
          'Unbekannte Vorsorge: Den Anlass „G 99 Unbekannt“ gibt es nicht. Bitte ordnen Sie den Wert einem Anlass zu.',
      },
      {
        line: 6,
        kind: 'unknownPrecaution',
        message:
          'Unbekannte Vorsorgeart „Sonder“. Bitte ordnen Sie den Wert Pflicht-, Angebots- oder Wunschvorsorge zu.',
      },
      {
        line: 7,
        kind: 'unknownPrecaution',
        message: 'Unbekannte Vorsorge: Für diesen Mitarbeiter ist keine Vorsorge „Lärm Sync“ angelegt.',
      },
      {
        line: 8,
        kind: 'badDate',
        message: 'Ungültiges Datum in „Untersuchungsdatum“: „31.02.2026“. Bitte verwenden Sie TT.MM.JJJJ.',
      },
      {
        line: 9,
        kind: 'futureDate',
        message:
          'Das Untersuchungsdatum „16.06.2026“ liegt in der Zukunft. Es können nur stattgefundene Untersuchungen übernommen werden.',
      },
      {
        line: 10,
        kind: 'unknownAssessment',
        message:
          'Unbekannte Beurteilung „vielleicht“. Bitte ordnen Sie den Wert einer Art der Beurteilung zu.',
      },
      {
        line: 11,
        kind: 'duplicateRow',
        message:
          'Doppelte Zeile: Dieselbe Untersuchung (Mitarbeiter, Vorsorge, Datum) steht schon in Zeile 2.',
      },
      { line: 12, kind: 'missingValue', message: 'Die Angabe „Untersuchungsdatum“ fehlt.' },
      {
        line: 13,
        kind: 'badDate',
        message: 'Der nächste Termin „01.05.2026“ liegt vor dem Untersuchungsdatum.',
      },
    ]);
    expect(check.counts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await precautionsOf(anna)).flatMap((p) => p.checkups)).toEqual([]);
  });

  it('all or nothing: a file with one bad row is refused as a whole', async () => {
    const res = await doctor.post(`${BASE}/commit`, {
      fileName: 'bad.csv',
      content: utf8(BAD_FILE),
      mapping: BY_NUMBER,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('PRECAUTION_SYNC_REJECTED');
    expect(errorOf(res).message).toBe(
      'Die Datei enthält fehlerhafte Zeilen. Es wurden keine Daten übernommen. Bitte korrigieren Sie die Datei oder die Zuordnung.',
    );
    expect(details(res)[0]).toEqual({
      path: ['rows', 3],
      message: 'Zeile 3: Unbekannter Mitarbeiter: Personalnummer „S-4711“.',
    });
    expect(details(res)).toHaveLength(11);
    // Line 2 was fine, but nothing was written: no check-up, the due date as before.
    const [annaNoise] = (await precautionsOf(anna)).filter((p) => p.id === precautions.annaNoise!.id);
    expect(annaNoise).toMatchObject({
      checkups: [],
      nextDue: '2025-01-01',
      version: precautions.annaNoise!.version,
    });
  });

  it('finds employees by name and birth date and uses the mapped values', async () => {
    const file = [
      'Name,Vorname,Geburtsdatum,Anlass,Datum,Ergebnis',
      'Müller,Anna,14.03.1980,Lärm,10.03.2026,tauglich mit Auflagen',
      'Klein,Max,01.01.1990,Lärm,10.03.2026,geeignet',
      'Weiß,Jörg,02.11.1975,Lärm,10.03.2026,geeignet',
      'Müller,Anna,15.03.1980,Lärm,10.03.2026,geeignet',
      'Müller,Anna,14.3.80,Lärm,10.03.2026,geeignet',
    ].join('\n');
    const mapping: SyncMapping = {
      columns: { lastName: 0, firstName: 1, birthday: 2, occasion: 3, examinationDate: 4, assessment: 5 },
      values: { assessment: { 'tauglich mit Auflagen': 'fitWithLimits' }, occasion: { Lärm: noise.id } },
    };
    const check = data<SyncCheck>(
      await doctor.post(`${BASE}/check`, { fileName: 'n.csv', content: utf8(file), mapping }),
    );
    expect(check.errors).toEqual([
      {
        line: 3,
        kind: 'unknownEmployee',
        message:
          'Mitarbeiter nicht eindeutig: Mehrere Mitarbeiter heißen „Klein, Max“ und sind am 01.01.1990 geboren. Bitte verwenden Sie die Personalnummer.',
      },
      {
        line: 4,
        kind: 'unknownPrecaution',
        message:
          'Vorsorge nicht eindeutig: Der Mitarbeiter hat mehrere Vorsorgen „Lärm“. Bitte ordnen Sie die Spalte Vorsorgeart zu.',
      },
      {
        line: 5,
        kind: 'unknownEmployee',
        message: 'Unbekannter Mitarbeiter: „Müller, Anna“, geboren am 15.03.1980.',
      },
      {
        line: 6,
        kind: 'badDate',
        message: 'Ungültiges Datum in „Geburtsdatum“: „14.3.80“. Bitte verwenden Sie TT.MM.JJJJ.',
      },
    ]);
    expect(check.counts).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });
});

describe('sync wizard, step 4: the import', () => {
  const GOOD = [
    HEADER,
    'S-1001;Müller;Anna;14.03.1980;Lärm Sync;Pflicht;10.03.2026;geeignet;10.03.2029',
    'S-1001;Müller;Anna;14.03.1980;Bildschirmarbeit Sync;Angebot;01.06.2026;Teilnahme;',
    'S-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Pflicht;01.06.2025;bedingt geeignet;',
    'S-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Pflicht;01.06.2026;geeignet;',
  ];

  it('writes check-ups and due dates in one go and counts created, updated, unchanged', async () => {
    const body = { fileName: 'good.csv', content: cp1252(GOOD.join('\r\n')), mapping: BY_NUMBER };
    // Anna's precautions are due, so she has an open check-up item; the imported check-ups complete it.
    expect(await checkupItems(anna)).toEqual([{ status: 'O', valid_until: null }]);
    const check = data<SyncCheck>(await doctor.post(`${BASE}/check`, body));
    expect(check).toEqual({ rowCount: 4, errors: [], counts: { created: 4, updated: 0, unchanged: 0 } });
    const res = await doctor.post(`${BASE}/commit`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<SyncResult>(res)).toEqual({ rowCount: 4, created: 4, updated: 0, unchanged: 0 });

    const byId = new Map(
      [...(await precautionsOf(anna)), ...(await precautionsOf(joerg))].map((p) => [p.id, p]),
    );
    // The next date of the file, or one interval (36 months default, 12 for Jörg) after the latest check-up.
    expect(byId.get(precautions.annaNoise!.id)).toMatchObject({
      nextDue: '2029-03-10',
      checkups: [{ date: '2026-03-10', assessmentKind: 'fit' }],
    });
    expect(byId.get(precautions.annaScreen!.id)).toMatchObject({
      nextDue: '2029-06-01',
      checkups: [{ date: '2026-06-01', assessmentKind: 'participation' }],
    });
    expect(byId.get(precautions.joergNoise!.id)).toMatchObject({
      nextDue: '2027-06-01',
      checkups: [
        { date: '2026-06-01', assessmentKind: 'fit' },
        { date: '2025-06-01', assessmentKind: 'fitWithLimits' },
      ],
    });
    expect(byId.get(precautions.joergWish!.id)?.checkups).toEqual([]);
    expect(await checkupItems(anna)).toEqual([{ status: 'E', valid_until: '2026-06-01' }]);

    // The same file again changes nothing; a changed assessment counts as updated.
    expect(data<SyncResult>(await doctor.post(`${BASE}/commit`, body))).toEqual({
      rowCount: 4,
      created: 0,
      updated: 0,
      unchanged: 4,
    });
    const changed = [...GOOD];
    changed[3] = 'S-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Pflicht;01.06.2025;nicht geeignet;';
    const again = await doctor.post(`${BASE}/commit`, { ...body, content: utf8(changed.join('\n')) });
    expect(data<SyncResult>(again)).toEqual({ rowCount: 4, created: 0, updated: 1, unchanged: 3 });
    const joergNoise = (await precautionsOf(joerg)).find((p) => p.id === precautions.joergNoise!.id);
    expect(joergNoise?.checkups.map((c) => c.assessmentKind)).toEqual(['fit', 'notFit']);
    expect(joergNoise?.nextDue).toBe('2027-06-01');
  });

  it('checks again when it writes: a row gone bad since the check leaves everything unwritten', async () => {
    const file = [
      HEADER,
      'S-1001;Müller;Anna;14.03.1980;Lärm Sync;Pflicht;01.04.2026;geeignet;',
      'S-1002;Weiß;Jörg;02.11.1975;Lärm Sync;Wunsch;02.04.2026;geeignet;',
    ].join('\n');
    const body = { fileName: 'late.csv', content: utf8(file), mapping: BY_NUMBER };
    expect(data<SyncCheck>(await doctor.post(`${BASE}/check`, body)).errors).toEqual([]);
    // Between check and import the wished precaution is deleted.
    const wish = (await precautionsOf(joerg)).find((p) => p.id === precautions.joergWish!.id)!;
    const removed = await editor.delete(
      `/api/occupational-medicine/precautions/${wish.id}?version=${wish.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const res = await doctor.post(`${BASE}/commit`, body);
    expect(errorOf(res).code).toBe('PRECAUTION_SYNC_REJECTED');
    expect(details(res)).toEqual([
      {
        path: ['rows', 3],
        message:
          'Zeile 3: Unbekannte Vorsorge: Für diesen Mitarbeiter ist keine Vorsorge „Lärm Sync“ angelegt.',
      },
    ]);
    const annaNoise = (await precautionsOf(anna)).find((p) => p.id === precautions.annaNoise!.id);
    expect(annaNoise?.checkups.map((c) => c.date)).toEqual(['2026-03-10']);
  });
});
