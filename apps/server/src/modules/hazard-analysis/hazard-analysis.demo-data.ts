import type { StoredFrozenHazard } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { DEFAULT_NOHL_CRITERIA, nohlClassify } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { Executor } from '#db/client.ts';
import { brickActionProposal } from './hazard-analysis.proposals.ts';
import { hazardAnalysisRepository as repository } from './hazard-analysis.repository.ts';

type R = [number, number] | null;
type DemoHazard = { brick: string; cause: string; goal: string; before: R; after: R };
type Demo = { bezeichnung: string; location: string | null; release?: boolean; hazards: DemoHazard[] };

const DEMO: Demo[] = [
  {
    bezeichnung: 'Vorlage Abfüllarbeitsplatz entzündbare Flüssigkeiten',
    location: null,
    hazards: [
      {
        brick: 'G-01',
        cause: 'Dämpfe und Spritzer beim offenen Umfüllen',
        goal: 'Kein Haut- und Augenkontakt, Arbeitsplatzgrenzwerte eingehalten',
        before: null,
        after: null,
      },
      {
        brick: 'B-01',
        cause: 'Explosionsfähige Atmosphäre am Abfüllkopf',
        goal: 'Keine wirksamen Zündquellen in Zone 1',
        before: null,
        after: null,
      },
    ],
  },
  {
    bezeichnung: 'Abfülllinie 1 – Abfüllen von Ethanol in Gebinde',
    location: 'Halle 1 – Abfüllung',
    release: true,
    hazards: [
      {
        brick: 'G-01',
        cause: 'Ethanoldämpfe beim Befüllen der 200-l-Fässer',
        goal: 'Absaugung am Abfüllkopf, AGW eingehalten',
        before: [3, 2],
        after: [2, 2],
      },
      {
        brick: 'B-01',
        cause: 'Explosionsfähige Atmosphäre am Fassspund',
        goal: 'Erdung der Gebinde, Ex-geschützte Betriebsmittel',
        before: [3, 4],
        after: [1, 4],
      },
      {
        brick: 'M-01',
        cause: 'Rollenbahn und Verschließer ohne Verdeckung',
        goal: 'Trennende Schutzeinrichtung mit Verriegelung',
        before: [2, 3],
        after: [1, 2],
      },
    ],
  },
  {
    bezeichnung: 'Reaktor R1 – Synthese und Probenahme',
    location: 'Halle 2 – Synthese',
    hazards: [
      {
        brick: 'T-01',
        cause: 'Heiße Oberflächen am Reaktormantel (bis 140 °C)',
        goal: 'Keine Verbrennungen bei Probenahme und Wartung',
        before: [3, 2],
        after: null,
      },
      {
        brick: 'P-01',
        cause: 'Rührwerk und Vakuumpumpe, Tagesexpositionspegel um 86 dB(A)',
        goal: 'Gehörschutz getragen, Lärmminderungsprogramm',
        before: [4, 2],
        after: [2, 2],
      },
    ],
  },
];

/**
 * Demo hazard assessments and a template of the demo company (Rheinwerk Chemie GmbH). Each hazard of the
 * assessments has adopted the first measures of its brick as actions (decision 021, adopting like 'Maßnahmen
 * aus Baustein übernehmen' — the rest stay to adopt in the demo); in the released one the technical measures
 * are done (the rating after measures rests on them), the others are open.
 */
export async function seedHazardAnalysisDemo(
  tx: Executor,
  portalId: number,
  people: { safetySpecialist: number; supervisor: number; supervisorName: string },
) {
  const bricks = await repository.bricksByIdentifier(tx, [
    ...new Set(DEMO.flatMap((d) => d.hazards.map((h) => h.brick))),
  ]);
  const brick = new Map(bricks.map((b) => [b.identifier, b]));
  for (const demo of DEMO) {
    const locationId = demo.location
      ? await repository.locationNamed(tx, portalId, demo.location)
      : undefined;
    const hazards = demo.hazards.filter((h) => brick.has(h.brick));
    const release = demo.release ? { releaseDate: '2026-10-01', nextCheckDate: '2027-10-01' } : null;
    const row = await repository.insert(tx, {
      portalId,
      bezeichnung: demo.bezeichnung,
      isTemplate: demo.location === null,
      locationId: locationId ?? null,
      attachSetting: demo.location === null ? 0 : 3,
      ...(release
        ? { ...release, released: true, releaseResponsibleId: people.supervisor, releasedAt: new Date() }
        : {}),
    });
    const rating = (r: R) => (r ? { probability: r[0], severity: r[1] } : null);
    const inserted = await repository.insertHazards(
      tx,
      hazards.map((h, position) => ({
        analysisId: row.id,
        position,
        brickId: brick.get(h.brick)!.id,
        title: brick.get(h.brick)!.title,
        cause: h.cause,
        protectionGoal: h.goal,
        responsibleId: people.safetySpecialist,
        probabilityBefore: h.before?.[0] ?? null,
        severityBefore: h.before?.[1] ?? null,
        probabilityAfter: h.after?.[0] ?? null,
        severityAfter: h.after?.[1] ?? null,
      })),
    );
    if (locationId !== undefined)
      await seedProposals(tx, portalId, locationId, people.safetySpecialist, inserted, release);
    if (release) {
      const frozen: StoredFrozenHazard[] = hazards.map((h, position) => {
        const before = nohlClassify(DEFAULT_NOHL_CRITERIA, rating(h.before));
        const after = nohlClassify(DEFAULT_NOHL_CRITERIA, rating(h.after));
        return {
          position,
          title: brick.get(h.brick)!.title,
          brickIdentifier: h.brick,
          cause: h.cause,
          protectionGoal: h.goal,
          comment: '',
          responsibleName: 'Hoffmann, Katrin',
          inherited: false,
          ratingBefore: rating(h.before),
          scoreBefore: before?.score ?? null,
          bandBefore: before?.band ?? null,
          ratingAfter: rating(h.after),
          scoreAfter: after?.score ?? null,
          bandAfter: after?.band ?? null,
          factorLabels: [],
        };
      });
      await repository.insertVersion(tx, {
        analysisId: row.id,
        versionNumber: 1,
        ...release,
        responsibleId: people.supervisor,
        responsibleName: people.supervisorName,
        releasedBy: people.safetySpecialist,
        snapshot: {
          bezeichnung: demo.bezeichnung,
          locationName: demo.location,
          departmentName: null,
          activityName: null,
          attachSetting: 3,
          criteria: DEFAULT_NOHL_CRITERIA,
          hazards: frozen,
        },
      });
    }
  }
}

/** Measures adopted per demo hazard (the first ones of its brick). */
const DEMO_ADOPTED = 2;

/** The first measures of the bricks as adopted actions of the demo hazards (the same text the app writes). */
async function seedProposals(
  tx: Executor,
  portalId: number,
  locationId: number,
  responsibleId: number,
  hazards: { id: number; brickId: number | null }[],
  release: { releaseDate: string } | null,
) {
  const brickIds = hazards.map((h) => h.brickId).filter((id): id is number => id !== null);
  if (brickIds.length === 0) return;
  const catalogue = await repository.brickActions(tx, brickIds);
  const rows = hazards.flatMap((h) =>
    catalogue
      .filter((a) => a.brickId === h.brickId)
      .slice(0, DEMO_ADOPTED)
      .map((a) => {
        const proposal = brickActionProposal(a.brickIdentifier, a);
        const done = release !== null && proposal.type === 'technical';
        return {
          portalId,
          sourceType: 'hazard',
          sourceId: h.id,
          locationId,
          ...proposal,
          responsibleId,
          done,
          doneAt: done ? new Date(`${release?.releaseDate}T12:00:00Z`) : null,
          doneBy: done ? responsibleId : null,
        };
      }),
  );
  await repository.insertActions(tx, rows);
}
