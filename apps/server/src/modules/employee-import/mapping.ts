import {
  IMPORT_FIELDS,
  type ImportFieldKey,
  type ImportMapping,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';

/** Lower case, umlauts spelled out, letters and digits only: „Personal-Nr.“ → „personalnr“. */
export function normaliseHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

/** Headings seen in real exports besides the field's own label. */
const SYNONYMS: Partial<Record<ImportFieldKey, string[]>> = {
  personnelNumber: ['personalnr', 'persnr', 'pnr', 'mitarbeiternummer', 'mitarbeiternr', 'personnelnumber'],
  lastName: ['name', 'familienname', 'lastname', 'nachname'],
  firstName: ['firstname', 'vorname'],
  password: ['kennwort', 'password', 'passwort', 'initialpasswort', 'startpasswort'],
  loginName: ['login', 'loginname', 'benutzer', 'username', 'anmeldename'],
  email: ['email', 'emailadresse', 'mail'],
  phone: ['telefonnummer', 'tel'],
  company: ['unternehmen'],
  birthday: ['geburtstag', 'gebdatum'],
  hireDate: ['eintritt', 'eintrittsdatum'],
  city: ['ort', 'wohnort'],
  zip: ['postleitzahl', 'plz'],
  gender: ['geschlecht', 'anrede'],
  isExternal: ['extern'],
  isTempWorker: ['leiharbeiter', 'leiharbeitnehmer'],
};

/** Suggests a column per field from the headings (first match wins; a column serves one field). */
export function suggestMapping(headings: string[] | null): ImportMapping {
  if (!headings) return {};
  const normalised = headings.map(normaliseHeading);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const names = new Set([normaliseHeading(field.label), ...(SYNONYMS[field.key] ?? [])]);
    const index = normalised.findIndex((h, i) => !used.has(i) && h !== '' && names.has(h));
    if (index >= 0) {
      mapping[field.key] = index;
      used.add(index);
    }
  }
  return mapping;
}
