/**
 * The fixed catalogues of accident reports (spec modules.md "Accident report"; decisions 047, 048). Ids are part
 * of the stored data and of the API: never renumber, only append.
 */

/** Event types (spec): 1 accident, 2 other first aid or illness, 3 incident, 10 near-miss. */
export const EVENT_TYPES = [
  { id: 1, label: 'Unfall' },
  { id: 2, label: 'Sonstige Erste Hilfe oder Erkrankung' },
  { id: 3, label: 'Vorfall' },
  { id: 10, label: 'Beinaheunfall' },
] as const;
export type EventType = (typeof EVENT_TYPES)[number]['id'];
export const EVENT_TYPE_IDS = EVENT_TYPES.map((t) => t.id) as readonly EventType[];
/** Event types that injure someone: they need an injury category. */
export const INJURING_EVENT_TYPES: readonly EventType[] = [1, 2];

/**
 * Statuses, numbering (a) of the spec (decision 047): 10 report, 20 qualification, 30 in progress, 40 sent to the
 * accident insurer, 50 completed, 60 inactive/cancelled.
 */
export const ACCIDENT_STATUSES = [
  { id: 10, label: 'Meldung' },
  { id: 20, label: 'Qualifizierung' },
  { id: 30, label: 'In Bearbeitung' },
  { id: 40, label: 'An die Unfallversicherung gesendet' },
  { id: 50, label: 'Abgeschlossen' },
  { id: 60, label: 'Inaktiv/storniert' },
] as const;
export type AccidentStatus = (typeof ACCIDENT_STATUSES)[number]['id'];
export const ACCIDENT_STATUS_IDS = ACCIDENT_STATUSES.map((s) => s.id) as readonly AccidentStatus[];
export const STATUS_INACTIVE: AccidentStatus = 60;
export const STATUS_SENT: AccidentStatus = 40;

/**
 * The built-in injury categories (decision 047) with their fixed ids 1–5; since decision 056 they are the first rows
 * of the managed catalogue (table accident_injury_categories, INJURY_CATEGORIES right), where more can be added.
 */
export const INJURY_CATEGORIES = [
  { id: 1, label: 'Bagatellverletzung (nur Erste Hilfe)' },
  { id: 2, label: 'Arztbesuch ohne Arbeitsunfähigkeit' },
  { id: 3, label: 'Arbeitsunfähigkeit bis 3 Tage' },
  { id: 4, label: 'Arbeitsunfähigkeit über 3 Tage' },
  { id: 5, label: 'Tödlicher Unfall' },
] as const;
export const INJURY_CATEGORY_IDS: readonly number[] = INJURY_CATEGORIES.map((c) => c.id);

/** Who is insured (UVAV § 4 (2) employment, § 4 (3) children, pupils, students; decision 056). */
export const INSURED_GROUPS = ['employment', 'education'] as const;
export type InsuredGroup = (typeof INSURED_GROUPS)[number];

/** The 26 injury types by fixed id (decision 048). */
export const INJURY_TYPES = [
  { id: 1, label: 'Schnittwunde' },
  { id: 2, label: 'Stichwunde' },
  { id: 3, label: 'Schürfwunde' },
  { id: 4, label: 'Quetschung' },
  { id: 5, label: 'Prellung' },
  { id: 6, label: 'Verstauchung' },
  { id: 7, label: 'Zerrung' },
  { id: 8, label: 'Bänderriss' },
  { id: 9, label: 'Verrenkung' },
  { id: 10, label: 'Knochenbruch' },
  { id: 11, label: 'Amputation' },
  { id: 12, label: 'Verbrennung' },
  { id: 13, label: 'Verbrühung' },
  { id: 14, label: 'Verätzung' },
  { id: 15, label: 'Erfrierung' },
  { id: 16, label: 'Stromverletzung' },
  { id: 17, label: 'Vergiftung' },
  { id: 18, label: 'Fremdkörper' },
  { id: 19, label: 'Bisswunde' },
  { id: 20, label: 'Insektenstich' },
  { id: 21, label: 'Gehirnerschütterung' },
  { id: 22, label: 'Knalltrauma' },
  { id: 23, label: 'Reizung der Atemwege' },
  { id: 24, label: 'Hautreizung' },
  { id: 25, label: 'Schock oder psychische Belastung' },
  { id: 26, label: 'Sonstige Verletzung' },
] as const;
export const INJURY_TYPE_IDS: readonly number[] = INJURY_TYPES.map((t) => t.id);

export type BodyView = 'front' | 'back';
/** Body parts by fixed id, each drawn on one view of the body map (decision 048). */
export const BODY_PARTS: readonly { id: number; label: string; view: BodyView }[] = [
  { id: 1, label: 'Kopf', view: 'front' },
  { id: 2, label: 'Gesicht', view: 'front' },
  { id: 3, label: 'Auge rechts', view: 'front' },
  { id: 4, label: 'Auge links', view: 'front' },
  { id: 5, label: 'Ohr rechts', view: 'front' },
  { id: 6, label: 'Ohr links', view: 'front' },
  { id: 7, label: 'Hals', view: 'front' },
  { id: 8, label: 'Schulter rechts', view: 'front' },
  { id: 9, label: 'Schulter links', view: 'front' },
  { id: 10, label: 'Brustkorb', view: 'front' },
  { id: 11, label: 'Bauch', view: 'front' },
  { id: 12, label: 'Becken und Leiste', view: 'front' },
  { id: 13, label: 'Oberarm rechts', view: 'front' },
  { id: 14, label: 'Oberarm links', view: 'front' },
  { id: 15, label: 'Ellenbogen rechts', view: 'front' },
  { id: 16, label: 'Ellenbogen links', view: 'front' },
  { id: 17, label: 'Unterarm rechts', view: 'front' },
  { id: 18, label: 'Unterarm links', view: 'front' },
  { id: 19, label: 'Handgelenk rechts', view: 'front' },
  { id: 20, label: 'Handgelenk links', view: 'front' },
  { id: 21, label: 'Hand rechts', view: 'front' },
  { id: 22, label: 'Hand links', view: 'front' },
  { id: 23, label: 'Finger rechts', view: 'front' },
  { id: 24, label: 'Finger links', view: 'front' },
  { id: 25, label: 'Oberschenkel rechts', view: 'front' },
  { id: 26, label: 'Oberschenkel links', view: 'front' },
  { id: 27, label: 'Knie rechts', view: 'front' },
  { id: 28, label: 'Knie links', view: 'front' },
  { id: 29, label: 'Unterschenkel rechts', view: 'front' },
  { id: 30, label: 'Unterschenkel links', view: 'front' },
  { id: 31, label: 'Sprunggelenk rechts', view: 'front' },
  { id: 32, label: 'Sprunggelenk links', view: 'front' },
  { id: 33, label: 'Fuß rechts', view: 'front' },
  { id: 34, label: 'Fuß links', view: 'front' },
  { id: 35, label: 'Zehen rechts', view: 'front' },
  { id: 36, label: 'Zehen links', view: 'front' },
  { id: 37, label: 'Hinterkopf', view: 'back' },
  { id: 38, label: 'Nacken', view: 'back' },
  { id: 39, label: 'Oberer Rücken', view: 'back' },
  { id: 40, label: 'Unterer Rücken', view: 'back' },
  { id: 41, label: 'Gesäß', view: 'back' },
  { id: 42, label: 'Schulterblatt links', view: 'back' },
  { id: 43, label: 'Schulterblatt rechts', view: 'back' },
  { id: 44, label: 'Oberschenkel hinten links', view: 'back' },
  { id: 45, label: 'Oberschenkel hinten rechts', view: 'back' },
  { id: 46, label: 'Kniekehle links', view: 'back' },
  { id: 47, label: 'Kniekehle rechts', view: 'back' },
  { id: 48, label: 'Wade links', view: 'back' },
  { id: 49, label: 'Wade rechts', view: 'back' },
  { id: 50, label: 'Ferse links', view: 'back' },
  { id: 51, label: 'Ferse rechts', view: 'back' },
];
export const BODY_PART_IDS: readonly number[] = BODY_PARTS.map((p) => p.id);

const byId = <T extends { id: number; label: string }>(list: readonly T[]) =>
  new Map<number, string>(list.map((item) => [item.id, item.label]));
const labels = {
  eventType: byId(EVENT_TYPES),
  status: byId(ACCIDENT_STATUSES),
  injuryCategory: byId(INJURY_CATEGORIES),
  injuryType: byId(INJURY_TYPES),
  bodyPart: byId(BODY_PARTS),
};
/** The German label of a catalogue entry ('' for an unknown id). */
export function catalogueLabel(catalogue: keyof typeof labels, id: number | null): string {
  return id === null ? '' : (labels[catalogue].get(id) ?? '');
}
