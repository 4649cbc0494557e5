import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, type TestApp } from './app.ts';
import { employeeIdByLogin } from './fixtures.ts';

/**
 * Decision 024: an update never changes a field the request did not name. This test walks every update
 * route of the running app — PUT and PATCH, and POSTs on a record (`:param`) whose body carries `version` —
 * and needs an entry for each (a new update route without one fails here).
 *
 * - `partial`: the request sends `version` + one field → 200, and the record read back equals the record
 *   before except that field (and version, timestamps).
 * - `whole`: a whole-record update, every field required → the same one-field request is a 400 and the
 *   record is unchanged.
 * - `action`: a POST that performs a step on the record (release, move, pause …) rather than saving its
 *   fields; the reason says why. Like every update route its body schema may not default a field.
 */

type Json = Record<string, unknown>;
type Case = {
  /** The update URL of a record created for the test (as admin). */
  url: string;
  /** Reads the record back (what is compared). */
  read: () => Promise<Json>;
  /** The one field sent (besides the version). */
  send: Json;
  /** The body's version field, if not `{ version: record.version }`. */
  version?: Json;
  /** How the change shows in the record read back, if not as `send` (undefined value: not shown). */
  changed?: Json;
  /** Fields of the record derived from the one sent (e.g. a node's path from its name). */
  derived?: string[];
};
type Entry =
  | { kind: 'partial' | 'whole'; setup: () => Promise<Case>; defaults?: string[] }
  | { kind: 'action'; reason: string; defaults?: string[] };

const IGNORED = ['version', 'updatedAt', 'createdAt', 'revision'];

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

async function ok(res: { statusCode: number; body: string; json: <T>() => T }, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: Json }>().data;
}
const get = async (url: string) => ok(await admin.get(url));
const post = async (url: string, body: Json) => ok(await admin.post(url, body), 201);
const reader = (url: string) => () => get(url);

async function firstLocationId(): Promise<number> {
  const nodes = (await get('/api/locations/tree')).nodes as { id: number }[];
  return nodes[0]!.id;
}
async function firstDepartmentId(): Promise<number> {
  const nodes = (await get('/api/departments/tree')).nodes as { id: number }[];
  return nodes[0]!.id;
}
async function firstBrickId(): Promise<number> {
  const rows = (await get('/api/hazardbricks?limit=1')).rows as { id: number }[];
  return rows[0]!.id;
}
async function analysisWithHazard() {
  const adminId = await employeeIdByLogin(t.database.db, 'admin');
  const analysis = await post('/api/hazardanalysis', {
    bezeichnung: 'Teilaktualisierung',
    locationId: await firstLocationId(),
  });
  const id = analysis.id as number;
  const withHazard = await ok(
    await admin.post(`/api/hazardanalysis/${id}/hazards`, {
      version: analysis.version,
      brickIds: [await firstBrickId()],
      responsibleId: adminId,
    }),
  );
  const hazard = (withHazard.hazards as Json[])[0]!;
  // Give the hazard values a reset would lose.
  const edited = await ok(
    await admin.put(`/api/hazardanalysis/${id}/hazards/${hazard.id}`, {
      version: withHazard.version,
      cause: 'Ursache',
      protectionGoal: 'Schutzziel',
      comment: 'Kommentar',
      ratingBefore: { probability: 2, severity: 3 },
      ratingAfter: { probability: 1, severity: 1 },
    }),
  );
  const hazardOf = async () =>
    ((await get(`/api/hazardanalysis/${id}`)).hazards as Json[]).find((h) => h.id === hazard.id)!;
  return { id, hazardId: hazard.id as number, version: edited.version as number, hazardOf };
}

/** A questionnaire whose type asks one collection with one checklist (decision 058). */
async function questionnaireWithEntry() {
  const checklist = await post('/api/checklists', { label: 'Teilfragebogenliste' });
  const collection = await post('/api/checklists/collections', {
    label: 'Teilfragebogensammlung',
    module: 'hazard_analysis',
    checklistIds: [checklist.id],
  });
  const type = await post('/api/checklists/trees', {
    title: 'Teilfragebogentyp',
    module: 'hazard_analysis',
    segments: [
      {
        key: 1,
        parentKey: null,
        label: 'Abschnitt',
        segment: '1',
        collectionId: collection.id,
        brickId: null,
      },
    ],
  });
  const q = await post('/api/questionnaires', { typeId: type.id, title: 'Teilfragebogen' });
  const segments = q.segments as { entries: { entryId: number }[] }[];
  return { id: q.id as number, entryId: segments[0]!.entries[0]!.entryId };
}

const ENTRIES: Record<string, Entry> = {
  'PATCH /api/documents/:id': {
    kind: 'partial',
    async setup() {
      const doc = await post('/api/documents', {
        label: 'Teilaktualisierung',
        type: 2,
        confidential: true,
        languages: ['de-DE'],
        docVersion: '1',
        revision: 'A',
        nextCheck: '2030-01-01',
        checkInterval: 365,
        validFrom: '2026-01-01',
      });
      return {
        url: `/api/documents/${doc.id}`,
        read: reader(`/api/documents/${doc.id}`),
        send: { label: 'Neu' },
      };
    },
  },
  'PATCH /api/employee/:id': {
    kind: 'partial',
    async setup() {
      const id = await employeeIdByLogin(t.database.db, 'sifa');
      return { url: `/api/employee/${id}`, read: reader(`/api/employee/${id}`), send: { city: 'Neustadt' } };
    },
  },
  'PUT /api/employee/:id/assignments': {
    kind: 'partial',
    async setup() {
      const id = await employeeIdByLogin(t.database.db, 'sifa');
      return {
        url: `/api/employee/${id}/assignments`,
        read: reader(`/api/employee/${id}/assignments`),
        send: { ledEmployeeIds: [] },
        changed: { ledEmployees: [] },
      };
    },
  },
  'PUT /api/employee/:id/activities': {
    kind: 'whole',
    async setup() {
      const id = await employeeIdByLogin(t.database.db, 'sifa');
      const read = reader(`/api/employee/${id}/activities`);
      const current = await read();
      return {
        url: `/api/employee/${id}/activities`,
        read,
        send: { activityIds: [] },
        version: { revision: current.revision },
      };
    },
  },
  'PATCH /api/role/:id': {
    kind: 'partial',
    async setup() {
      const role = await post('/api/role', {
        name: 'Teilrolle',
        description: 'Beschreibung',
        permissions: [2000],
      });
      return {
        url: `/api/role/${role.id}`,
        read: reader(`/api/role/${role.id}`),
        send: { name: 'Teilrolle 2' },
      };
    },
  },
  'PATCH /api/activities/:id': {
    kind: 'partial',
    async setup() {
      const a = await post('/api/activities', {
        name: 'Teiltätigkeit',
        description: 'Beschreibung',
        designations: ['Bezeichnung'],
      });
      return {
        url: `/api/activities/${a.id}`,
        read: reader(`/api/activities/${a.id}`),
        send: { name: 'Neu' },
      };
    },
  },
  'PATCH /api/locations/:id': {
    kind: 'partial',
    async setup() {
      const l = await post('/api/locations', { parentId: await firstLocationId(), name: 'Teilort' });
      const url = `/api/locations/${l.id}`;
      await ok(await admin.patch(url, { version: l.version, street: 'Hauptstraße 1', city: 'Neustadt' }));
      return { url, read: reader(url), send: { name: 'Teilort 2' }, derived: ['path'] };
    },
  },
  'PATCH /api/departments/:id': {
    kind: 'partial',
    async setup() {
      const d = await post('/api/departments', {
        parentId: await firstDepartmentId(),
        name: 'Teilabteilung',
      });
      const url = `/api/departments/${d.id}`;
      await ok(await admin.patch(url, { version: d.version, isContainer: true, monthlyHours: 160 }));
      return { url, read: reader(url), send: { name: 'Teilabteilung 2' }, derived: ['path'] };
    },
  },
  'PUT /api/actions/:id': {
    kind: 'whole',
    async setup() {
      const adminId = await employeeIdByLogin(t.database.db, 'admin');
      const a = await post('/api/actions', {
        sourceType: 'general',
        sourceId: 0,
        designation: 'Teilmaßnahme',
        description: 'Beschreibung',
        type: 'technical',
        dueDate: '2030-01-01',
        locationId: await firstLocationId(),
        responsibleId: adminId,
        informational: true,
      });
      return {
        url: `/api/actions/${a.id}`,
        read: reader(`/api/actions/${a.id}`),
        send: { designation: 'Neu' },
      };
    },
  },
  'PUT /api/factormenus/:id': {
    kind: 'whole',
    async setup() {
      const m = await post('/api/factormenus', {
        name: 'Teilmenü',
        description: 'Beschreibung',
        registers: [{ title: 'Register', factors: [{ title: 'Faktor' }] }],
      });
      return {
        url: `/api/factormenus/${m.id}`,
        read: reader(`/api/factormenus/${m.id}`),
        send: { name: 'Neu' },
      };
    },
  },
  'PUT /api/hazardbricks/:id': {
    kind: 'whole',
    async setup() {
      const b = await post('/api/hazardbricks', {
        identifier: 'TEIL-1',
        title: 'Teilbaustein',
        riskFrom: 2,
        riskTo: 5,
        free: true,
        description: 'Beschreibung',
        actions: [{ identifier: 'M1', description: 'Maßnahme' }],
      });
      return {
        url: `/api/hazardbricks/${b.id}`,
        read: reader(`/api/hazardbricks/${b.id}`),
        send: { title: 'Neu' },
      };
    },
  },
  'PUT /api/checklists/:id': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/checklists', { label: 'Teilcheckliste', category: 'Alt' });
      return {
        url: `/api/checklists/${created.id}`,
        read: reader(`/api/checklists/${created.id}`),
        send: { category: 'Neu' },
      };
    },
  },
  'PUT /api/checklists/:id/instances/:instanceId': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/checklists', { label: 'Teilausfüllung' });
      const instance = await post(`/api/checklists/${created.id}/instances`, {});
      return {
        url: `/api/checklists/${created.id}/instances/${instance.id}`,
        read: reader(`/api/checklists/${created.id}/instances/${instance.id}`),
        send: { status: 'done' },
      };
    },
  },
  'PUT /api/substances/:id': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/substances', { designation: 'Teilgefahrstoff', synonym: 'Alt' });
      return {
        url: `/api/substances/${created.id}`,
        read: reader(`/api/substances/${created.id}`),
        send: { synonym: 'Neu' },
      };
    },
  },
  'PUT /api/substitutiontests/:id': {
    kind: 'whole',
    async setup() {
      const substance = await post('/api/substances', { designation: 'Teilsubstitutionsstoff' });
      const created = await post('/api/substitutiontests', { substanceIds: [substance.id], riskLevel: 2 });
      return {
        url: `/api/substitutiontests/${created.id}`,
        read: reader(`/api/substitutiontests/${created.id}`),
        send: { riskLevel: 3 },
      };
    },
  },
  'PUT /api/substances/:id/register': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/substances', { designation: 'Teilverzeichnisstoff' });
      return {
        url: `/api/substances/${created.id}/register`,
        read: reader(`/api/substances/${created.id}/register`),
        send: { workAreas: 'Halle 1' },
      };
    },
  },
  'PUT /api/substanceproductgroups/:id': {
    kind: 'partial',
    async setup() {
      const created = await post('/api/substanceproductgroups', { name: 'Teilproduktgruppe' });
      return {
        url: `/api/substanceproductgroups/${created.id}`,
        read: async () =>
          ((await get('/api/substanceproductgroups?limit=100')).rows as Json[]).find(
            (r) => r.id === created.id,
          )!,
        send: { name: 'Neu' },
      };
    },
  },
  'PUT /api/substancepackageunits/:id': {
    kind: 'partial',
    async setup() {
      const created = await post('/api/substancepackageunits', { name: 'Teilgebinde' });
      return {
        url: `/api/substancepackageunits/${created.id}`,
        read: async () =>
          ((await get('/api/substancepackageunits?limit=100')).rows as Json[]).find(
            (r) => r.id === created.id,
          )!,
        send: { name: 'Neu' },
      };
    },
  },
  'PUT /api/topics/:id': {
    kind: 'whole',
    async setup() {
      const topic = await post('/api/topics', {
        label: 'Teilunterweisung',
        identifier: 'TEIL-U1',
        number: '4',
        intervalDays: 180,
        mode: 3,
        minScore: 2,
        minutes: 20,
      });
      return {
        url: `/api/topics/${topic.id}`,
        read: reader(`/api/topics/${topic.id}`),
        send: { label: 'Neu' },
      };
    },
  },
  'PUT /api/instructions/external/sites/:locationId': {
    kind: 'whole',
    async setup() {
      const locationId = await firstLocationId();
      const url = `/api/instructions/external/sites/${locationId}`;
      await ok(await admin.put(url, { enabled: false, topicIds: [], version: 0 }));
      const read = async () => {
        const { sites } = (await get('/api/instructions/external/sites')) as { sites: Json[] };
        return sites.find((site) => site.locationId === locationId)!;
      };
      return { url, read, send: { enabled: true } };
    },
  },
  'PUT /api/instructions/profiles/:id': {
    kind: 'whole',
    async setup() {
      const saved = await post('/api/instructions/profiles', { label: 'Teilprofil', description: 'alt' });
      const profile = saved.profile as Json;
      return {
        url: `/api/instructions/profiles/${profile.id}`,
        read: reader(`/api/instructions/profiles/${profile.id}`),
        send: { label: 'Neu' },
      };
    },
  },
  'PUT /api/topics/:id/questions/:questionId': {
    kind: 'whole',
    // The answer to the offer to raise the pool, not a field of the question.
    defaults: ['raisePoolCount'],
    async setup() {
      const topic = await post('/api/topics', { label: 'Teilfragen', identifier: 'TEIL-U2' });
      const withQuestion = await post(`/api/topics/${topic.id}/questions`, {
        text: 'Frage',
        answers: [
          { text: 'A', right: true },
          { text: 'B', right: false },
          { text: 'C', right: false },
        ],
        mandatory: true,
        rightMessage: 'Richtig',
      });
      const question = (withQuestion.questions as Json[])[0]!;
      return {
        url: `/api/topics/${topic.id}/questions/${question.id}`,
        read: async () =>
          ((await get(`/api/topics/${topic.id}`)).questions as Json[]).find((q) => q.id === question.id)!,
        send: { text: 'Neu' },
      };
    },
  },
  'PUT /api/reports/:id': {
    kind: 'whole',
    async setup() {
      const r = await post('/api/reports', {
        reportname: 'Teilreport',
        controller: 'employee',
        sql: 'select 1 as eins',
        timeoutSeconds: 5,
        formats: ['csv'],
        rights: [12],
        filters: [{ field: 'abteilung', filtername: 'Abteilung' }],
      });
      return {
        url: `/api/reports/${r.id}`,
        read: reader(`/api/reports/${r.id}`),
        send: { reportname: 'Neu' },
      };
    },
  },
  'PUT /api/mail/templates/:id': {
    kind: 'whole',
    async setup() {
      const m = await post('/api/mail/templates', {
        purpose: 'lostPassword',
        language: 'fr',
        country: 'FR',
        isDefault: false,
        sender: 'absender@example.org',
        subject: 'Betreff',
        body: 'Text',
      });
      return {
        url: `/api/mail/templates/${m.id}`,
        read: reader(`/api/mail/templates/${m.id}`),
        send: { subject: 'Neu' },
      };
    },
  },
  'PUT /api/hazardanalysis/:id': {
    kind: 'partial',
    async setup() {
      const a = await post('/api/hazardanalysis', {
        bezeichnung: 'Kopf',
        locationId: await firstLocationId(),
        departmentId: await firstDepartmentId(),
        attachSetting: 1,
      });
      const url = `/api/hazardanalysis/${a.id}`;
      return { url, read: reader(url), send: { bezeichnung: 'Kopf 2' } };
    },
  },
  'PUT /api/hazardanalysis/:id/hazards/:hazardId': {
    kind: 'partial',
    async setup() {
      const a = await analysisWithHazard();
      return {
        url: `/api/hazardanalysis/${a.id}/hazards/${a.hazardId}`,
        read: a.hazardOf,
        send: { title: 'Neuer Titel' },
        version: { version: a.version },
      };
    },
  },
  'PUT /api/hazardanalysis/:id/hazards/:hazardId/rating': {
    kind: 'partial',
    async setup() {
      const a = await analysisWithHazard();
      return {
        url: `/api/hazardanalysis/${a.id}/hazards/${a.hazardId}/rating`,
        read: a.hazardOf,
        send: { ratingAfter: { probability: 2, severity: 2 } },
        version: { version: a.version },
      };
    },
  },
  'PUT /api/hazardanalysis/:id/hazards/order': {
    kind: 'partial',
    async setup() {
      const a = await analysisWithHazard();
      const url = `/api/hazardanalysis/${a.id}`;
      return {
        url: `${url}/hazards/order`,
        read: reader(url),
        send: { hazardIds: [a.hazardId] },
        changed: { hazardIds: undefined },
      };
    },
  },
  'PUT /api/hazardanalysis/status': {
    kind: 'whole',
    async setup() {
      return {
        url: '/api/hazardanalysis/status',
        read: reader('/api/hazardanalysis/status'),
        send: { criteria: { yellowFrom: 3 } },
      };
    },
  },
  'PUT /api/taskschedule/:id/schedule': {
    kind: 'partial',
    async setup() {
      const rows = (await get('/api/taskschedule/list')).rows as Json[];
      const task = rows[0]!;
      const url = `/api/taskschedule/${task.id}`;
      const current = await get(url);
      // The next fire time is computed from the schedule on every save.
      return {
        url: `${url}/schedule`,
        read: reader(url),
        send: { schedule: current.schedule },
        derived: ['nextFireAt'],
      };
    },
  },
  'PUT /api/substanceingredienttemplates/:id': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/substanceingredienttemplates', {
        name: 'Teilvorlage',
        casNumber: '64-17-5',
        ecNumber: '200-578-6',
        formula: 'C2H6O',
        classification: 'H225',
      });
      return {
        url: `/api/substanceingredienttemplates/${created.id}`,
        read: async () =>
          ((await get('/api/substanceingredienttemplates?limit=100')).rows as Json[]).find(
            (r) => r.id === created.id,
          )!,
        send: { name: 'Neu' },
      };
    },
  },
  'PUT /api/substancemanufacturers/:id': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/substancemanufacturers', {
        name: 'Teilhersteller',
        address: 'Hauptstraße 1',
        zipcode: '12345',
        city: 'Neustadt',
        country: 'Deutschland',
        phone: '0123 456',
        emergencyPhone: '0123 112',
        email: 'info@example.org',
      });
      return {
        url: `/api/substancemanufacturers/${created.id}`,
        read: async () =>
          ((await get('/api/substancemanufacturers?limit=100')).rows as Json[]).find(
            (r) => r.id === created.id,
          )!,
        send: { city: 'Altstadt' },
      };
    },
  },
  'PUT /api/substances/:id/sds-checklist': {
    kind: 'partial',
    async setup() {
      const substance = await post('/api/substances', { designation: 'Teilchecklistenstoff' });
      const checklist = await post('/api/checklists', { label: 'Teilfreigabeliste', module: 'substances' });
      const url = `/api/substances/${substance.id}/register`;
      return {
        url: `/api/substances/${substance.id}/sds-checklist`,
        // The entry shows the linked checklist with its filled instance; its id is the field named.
        read: async () => {
          const entry = await get(url);
          const linked = entry.sdsChecklist as Json | null;
          return { ...entry, sdsChecklistId: linked?.checklistId ?? null };
        },
        send: { checklistId: checklist.id },
        changed: { sdsChecklistId: checklist.id },
        derived: ['sdsChecklist'],
      };
    },
  },
  'PUT /api/checklists/collections/:id': {
    kind: 'whole',
    async setup() {
      const checklist = await post('/api/checklists', { label: 'Teilsammlungsliste' });
      const created = await post('/api/checklists/collections', {
        label: 'Teilsammlung',
        module: 'hazard_analysis',
        checklistIds: [checklist.id],
      });
      const url = `/api/checklists/collections/${created.id}`;
      return { url, read: reader(url), send: { label: 'Neu' } };
    },
  },
  'PUT /api/checklists/trees/:id': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/checklists/trees', {
        title: 'Teilfragebogentyp',
        module: 'hazard_analysis',
        active: true,
        segments: [],
      });
      const url = `/api/checklists/trees/${created.id}`;
      return { url, read: reader(url), send: { title: 'Neu' } };
    },
  },
  'PUT /api/questionnaires/:id': {
    kind: 'whole',
    async setup() {
      const q = await questionnaireWithEntry();
      return {
        url: `/api/questionnaires/${q.id}`,
        read: reader(`/api/questionnaires/${q.id}/edit`),
        send: { title: 'Neu' },
      };
    },
  },
  'PUT /api/questionnaires/:id/entries/:entryId': {
    kind: 'whole',
    async setup() {
      const q = await questionnaireWithEntry();
      return {
        url: `/api/questionnaires/${q.id}/entries/${q.entryId}`,
        read: async () => {
          const view = await get(`/api/questionnaires/${q.id}/edit`);
          const entries = (view.segments as { entries: Json[] }[]).flatMap((s) => s.entries);
          return entries.find((e) => e.entryId === q.entryId)!.instance as Json;
        },
        send: { status: 'done' },
      };
    },
  },
  'PUT /api/settings/:key': {
    kind: 'whole',
    setup: async () => ({ url: '', read: async () => ({}), send: {} }),
  },

  // Steps on a record: their bodies name exactly what the step changes.
  'POST /api/employee/:id/resetPassword': { kind: 'action', reason: 'generates a password (delivery named)' },
  'POST /api/activities/:id/move': { kind: 'action', reason: 'moves the node (parentId named)' },
  'POST /api/substances/:id/versions': { kind: 'action', reason: 'opens the next version of the substance' },
  'POST /api/substances/:id/fix': { kind: 'action', reason: 'fixes the current version' },
  'POST /api/substances/:id/sds/confirm': {
    kind: 'action',
    reason: 'confirms values taken over from an SDS PDF',
  },
  'POST /api/substances/:id/release': {
    kind: 'action',
    reason: 'records the release decision (agreed named)',
    defaults: ['comment', 'setInactive'],
  },
  'POST /api/substances/:id/active': { kind: 'action', reason: 'sets the substance active or inactive' },
  'POST /api/substances/:id/sds-release': {
    kind: 'action',
    reason: 'releases the safety data sheet (responsible person and next check date named)',
  },

  'POST /api/activities/:id/role-base': { kind: 'action', reason: 'marks the role base' },
  'POST /api/locations/:id/move': { kind: 'action', reason: 'moves the node (parentId named)' },
  'POST /api/departments/:id/move': { kind: 'action', reason: 'moves the node (parentId named)' },
  'POST /api/documents/:id/release': { kind: 'action', reason: 'releases the current file version' },
  'POST /api/documents/:id/check': { kind: 'action', reason: 'records the check' },
  'POST /api/hazardanalysis/:id/hazards': { kind: 'action', reason: 'adds hazards from bricks' },
  'POST /api/hazardanalysis/:id/hazards/:hazardId/proposals': {
    kind: 'action',
    reason: 'adopts brick measures as actions',
  },
  'POST /api/hazardanalysis/:id/release': { kind: 'action', reason: 'freezes a version (all fields named)' },
  'POST /api/hazardanalysis/:id/inheritance': { kind: 'action', reason: 'sets the inheritance template' },
  'PUT /api/hazardanalysis/:id/hazards/:hazardId/substances/:substanceId': {
    kind: 'action',
    reason: 'links the substance (named in the path) to the hazard; the body carries only the version',
  },
  'POST /api/hazardanalysis/:id/questionnaire': {
    kind: 'action',
    reason: 'starts the assessment’s questionnaire (type and title named) and links it as its route',
  },
  'POST /api/hazardanalysis/:id/active': {
    kind: 'action',
    reason: '(in)activates; the comment is the step’s own input',
    defaults: ['comment'],
  },
  'POST /api/factormenus/:id/activate': { kind: 'action', reason: 'activates the menu' },
  'POST /api/factormenus/:id/deactivate': { kind: 'action', reason: 'deactivates the menu' },
  'POST /api/tasks/:id/complete': {
    kind: 'action',
    reason: 'completes the task; the comment is the step’s own input',
    defaults: ['comment'],
  },
  'POST /api/tasks/:id/problem': {
    kind: 'action',
    reason: 'reports a problem; the reason is the step’s own input',
    defaults: ['reason'],
  },
  'POST /api/tasks/:id/resolve': { kind: 'action', reason: 'resolves the problem' },
  'PATCH /api/accidents/:id': {
    kind: 'partial',
    async setup() {
      const report = await post('/api/accidents', {
        eventType: 3,
        externalName: 'Teil Aktualisierung',
        externalCompany: 'Fremdfirma',
        accidentAt: '2026-01-10T08:00:00.000Z',
        firstAidAt: '2026-01-10T08:10:00.000Z',
        locationId: await firstLocationId(),
        description: 'Alt',
      });
      const url = `/api/accidents/${report.id}`;
      return { url, read: reader(url), send: { description: 'Neu' } };
    },
  },
  'PATCH /api/accidents/injury-categories/:id': {
    kind: 'partial',
    async setup() {
      const created = await post('/api/accidents/injury-categories', {
        label: 'Teilkategorie',
        noticeDue: true,
      });
      return {
        url: `/api/accidents/injury-categories/${created.id}`,
        read: async () =>
          ((await get('/api/accidents/injury-categories')) as unknown as Json[]).find(
            (r) => r.id === created.id,
          )!,
        send: { label: 'Neu' },
      };
    },
  },
  'POST /api/accidents/:id/status': {
    kind: 'action',
    reason: 'sets the status (60 appends the marker); the reason is the step’s own input',
    defaults: ['reason'],
  },
  'POST /api/accidents/:id/notice/send': {
    kind: 'action',
    reason: 'records that the notice was sent: status 40, sent at/by, the deadline task done',
  },
  'PATCH /api/firstaid/:id': {
    kind: 'partial',
    async setup() {
      const entry = await post('/api/firstaid', {
        personName: 'Teil Aktualisierung',
        occurredAt: '2026-01-10T08:00:00.000Z',
        place: 'Alt',
        whatHappened: 'Schnitt',
        firstAid: 'Pflaster',
      });
      const url = `/api/firstaid/${entry.id}`;
      return { url, read: reader(url), send: { place: 'Neu' } };
    },
  },
  'PATCH /api/appointments/windows/:id': {
    kind: 'partial',
    async setup() {
      const w = await post('/api/appointments/windows', {
        title: 'Teil Aktualisierung',
        locationId: await firstLocationId(),
        topicId: null,
        fromTime: '07:00',
        toTime: '08:00',
        durationMinutes: 30,
        gridMinutes: 15,
        seats: 2,
        rule: 'none',
        allowedShiftMinutes: 0,
        days: [],
      });
      const url = `/api/appointments/windows/${w.id}`;
      return { url, read: reader(url), send: { title: 'Neu' } };
    },
  },
  'POST /api/topics/:id/release': { kind: 'action', reason: 'releases the topic (status of spec "Topics")' },
  'POST /api/topics/:id/lock': { kind: 'action', reason: 'locks the topic' },
  'POST /api/instructions/assignments/:id/rearrange': {
    kind: 'action',
    reason: 'marks the entry done and creates one with the new due date (spec: rearranging)',
  },
  'POST /api/instructions/assignments/:id/removal': {
    kind: 'action',
    reason: 'removes the open item with its classification and keeps the removal (decision 080)',
    // An empty reason is refused as classification −3 (REMOVAL_REASON_REQUIRED); the default only names it.
    defaults: ['reason'],
  },
  'POST /api/instructions/evaluations/effectiveness/topics/:id/reviews': {
    kind: 'action',
    reason:
      "records an effectiveness review (a new record) and sets the topic's effectiveness (decision 075)",
    defaults: ['note'],
  },
  'POST /api/taskschedule/:id/pause': { kind: 'action', reason: 'pauses the task' },
  'POST /api/taskschedule/:id/resume': { kind: 'action', reason: 'resumes the task' },
  // Checklists: backups, viewer statuses, protection, SQL and task cells (decisions 059, 061).
  'POST /api/checklists/:id/backups/:backupId/restore': {
    kind: 'action',
    reason:
      'restores a backup (named in the path) as the whole definition; the body carries only the version',
  },
  'PUT /api/checklists/:id/instances/:instanceId/visibility': {
    kind: 'partial',
    async setup() {
      const created = await post('/api/checklists', { label: 'Teilsichtbarkeit' });
      const instance = await post(`/api/checklists/${created.id}/instances`, {});
      const url = `/api/checklists/${created.id}/instances/${instance.id}`;
      return { url: `${url}/visibility`, read: reader(url), send: { visible: true } };
    },
  },
  'PUT /api/checklists/:id/password': {
    kind: 'action',
    reason: 'sets or removes the password (named; stored as a hash, earlier unlocks end)',
  },
  'POST /api/checklists/:id/instances/:instanceId/sql': {
    kind: 'action',
    reason: 'reads an SQL cell’s value into the answers (the cell named)',
  },
  'POST /api/checklists/:id/instances/:instanceId/actions': {
    kind: 'action',
    reason: 'creates a task cell’s action (cell, designation, responsible and due date named)',
  },
  // Checklist workflow, e-mail and printer settings; approval decisions (decision 066).
  'PUT /api/checklists/:id/workflow': {
    kind: 'whole',
    async setup() {
      const created = await post('/api/checklists', { label: 'Teilworkflow' });
      const url = `/api/checklists/${created.id}/workflow`;
      return { url, read: reader(url), send: { print: { orientation: 'landscape' } } };
    },
  },
  'POST /api/checklists/:id/instances/:instanceId/approval': {
    kind: 'action',
    reason: 'approves or rejects a submitted checklist (decision and reason named)',
  },
  'POST /api/questionnaires/:id/links/:linkId/status': {
    kind: 'action',
    reason: 'moves a collection link to its next status (status named; the reason counts for a rejection)',
    defaults: ['reason'],
  },
  // Approval processes (decision 059).
  'PUT /api/audits/:id': {
    kind: 'whole',
    async setup() {
      const adminId = await employeeIdByLogin(t.database.db, 'admin');
      const checklist = await post('/api/checklists', { label: 'Teilfreigabe' });
      const audit = await post('/api/audits', {
        title: 'Freigabe alt',
        responsibleId: adminId,
        executorId: adminId,
        checklistIds: [checklist.id],
      });
      const url = `/api/audits/${audit.id}`;
      return { url, read: reader(url), send: { title: 'Freigabe neu' } };
    },
  },
  // Occupational-medical precaution (decision 057).
  'PATCH /api/occupational-medicine/catalogues/:kind/:id': {
    kind: 'partial',
    async setup() {
      const created = await post('/api/occupational-medicine/catalogues/legalSource', {
        name: 'Teilrechtsgrundlage',
        line2: 'Alt',
      });
      return {
        url: `/api/occupational-medicine/catalogues/legalSource/${created.id}`,
        read: async () =>
          ((await get('/api/occupational-medicine/catalogues/legalSource')) as unknown as Json[]).find(
            (r) => r.id === created.id,
          )!,
        send: { name: 'Teilrechtsgrundlage neu' },
      };
    },
  },
  'PATCH /api/occupational-medicine/precautions/:id': {
    kind: 'partial',
    async setup() {
      const reason = await post('/api/occupational-medicine/catalogues/assessmentReason', {
        name: 'Teilanlass',
      });
      const created = await post('/api/occupational-medicine/precautions', {
        employeeId: await employeeIdByLogin(t.database.db, 'admin'),
        type: 'wish',
        reasonId: reason.id,
        activityStart: '2026-08-01',
      });
      const url = `/api/occupational-medicine/precautions/${created.id}`;
      return { url, read: reader(url), send: { intervalMonths: 24 }, derived: ['nextDue', 'due'] };
    },
  },
  'POST /api/occupational-medicine/precautions/:id/checkups': {
    kind: 'action',
    reason: 'records a check-up of the precaution (date and assessment kind named)',
  },
  'POST /api/works-doctor/employees/:id/precautions/:precautionId/checkups': {
    kind: 'action',
    reason: 'the works doctor records a check-up (date and assessment kind named)',
  },
  // The works doctor (decision 063).
  'PATCH /api/works-doctor/doctors/:id': {
    kind: 'partial',
    async setup() {
      const created = await post('/api/works-doctor/doctors', {
        employeeId: await employeeIdByLogin(t.database.db, 'admin'),
        executingBodyIds: [],
        loginAllowed: true,
      });
      return {
        url: `/api/works-doctor/doctors/${created.id}`,
        read: async () =>
          ((await get('/api/works-doctor/doctors')) as unknown as Json[]).find((r) => r.id === created.id)!,
        send: { loginAllowed: false },
      };
    },
  },
  'POST /api/audits/:id/transition': {
    kind: 'action',
    reason: 'moves the audit to its next state (the step named)',
  },
};

type OpenApi = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: OpenApiSchema }> } }>
  >;
};
type OpenApiSchema = { properties?: Record<string, { default?: unknown }> };

/** The request body schema of a route from the app's own OpenAPI document. */
function bodyOf(doc: OpenApi, method: string, url: string): OpenApiSchema | undefined {
  const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
  const content = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content;
  return content ? Object.values(content)[0]?.schema : undefined;
}

function updateRoutes(): { key: string; body: OpenApiSchema | undefined }[] {
  const doc = t.app.swagger() as unknown as OpenApi;
  return t.app.apiRoutes
    .filter((r) => ['PUT', 'PATCH', 'POST'].includes(r.method))
    .map((r) => ({
      key: `${r.method} ${r.url}`,
      method: r.method,
      url: r.url,
      body: bodyOf(doc, r.method, r.url),
    }))
    .filter(
      (r) =>
        r.method !== 'POST' || (r.url.includes('/:') && r.body?.properties && 'version' in r.body.properties),
    )
    .map(({ key, body }) => ({ key, body }));
}

/** The record without the changed and derived fields, the version and the timestamps. */
function rest(record: Json, changed: Json, derived: string[] = []): Json {
  return Object.fromEntries(
    Object.entries(record).filter(([k]) => !(k in changed) && !IGNORED.includes(k) && !derived.includes(k)),
  );
}

describe('update routes change only the fields the request names (decision 024)', () => {
  it('every update route has an entry', () => {
    const routes = updateRoutes().map((r) => r.key);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((key) => !(key in ENTRIES));
    expect(missing, 'update routes without an entry in update-routes.test.ts').toEqual([]);
    const stale = Object.keys(ENTRIES).filter((key) => !routes.includes(key));
    expect(stale, 'entries without a route').toEqual([]);
  });

  it('no update body fills a field by default', () => {
    const offenders: string[] = [];
    for (const { key, body } of updateRoutes()) {
      const allowed = ENTRIES[key]?.defaults ?? [];
      for (const [field, schema] of Object.entries(body?.properties ?? {}))
        if (schema.default !== undefined && !allowed.includes(field)) offenders.push(`${key}: ${field}`);
    }
    expect(offenders).toEqual([]);
  });

  for (const [key, entry] of Object.entries(ENTRIES)) {
    if (entry.kind === 'action' || key === 'PUT /api/settings/:key') continue;
    it(`${key}: ${entry.kind === 'partial' ? 'one field changes, the rest stays' : 'one field alone is refused, nothing changes'}`, async () => {
      const c = await entry.setup();
      const before = await c.read();
      const method = key.split(' ')[0] as 'PUT' | 'PATCH';
      const res = await admin.request(method, c.url, {
        ...(c.version ?? { version: before.version }),
        ...c.send,
      });
      const after = await c.read();
      if (entry.kind === 'partial') {
        expect(res.statusCode, res.body).toBe(200);
        for (const [field, value] of Object.entries(c.changed ?? c.send))
          if (value !== undefined) expect(after[field], field).toEqual(value);
      } else {
        expect(res.statusCode, res.body).toBe(400);
        expect(after).toEqual(before);
      }
      const changed = c.changed ?? c.send;
      expect(rest(after, changed, c.derived)).toEqual(rest(before, changed, c.derived));
    });
  }

  it('PUT /api/settings/:key: every category refuses a one-field value and keeps its stored value', async () => {
    const categories = (await admin.get('/api/settings')).json<{ data: { key: string }[] }>().data;
    expect(categories.length).toBeGreaterThan(3);
    for (const { key } of categories) {
      const url = `/api/settings/${key}`;
      const before = await get(url);
      const value = before.value as Json;
      const field = Object.keys(value).find((f) => !(before.secretsSet as string[]).includes(f))!;
      const res = await admin.put(url, { version: before.version, value: { [field]: value[field] } });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(await get(url), key).toEqual(before);
    }
  });
});
