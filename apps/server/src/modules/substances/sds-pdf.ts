import { checkCas, checkEc } from '@schutzwerk/shared/substances/cas-ec.ts';
import { STORAGE_CLASSES, WATER_HAZARD_CLASSES } from '@schutzwerk/shared/substances/substances.schema.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading a supplier's safety data sheet (SDS) PDF (decision 049): the text of every page with pdfjs-dist,
 * the 16 sections of REACH Annex II recognised by their headings, and proposals for the register's fields.
 * Everything here is pure except `extractPdfText`; the service validates each proposal with the field's schema.
 */

/** The text of a PDF, one line per visual line (items grouped by their baseline). `null`: not a readable PDF. */
export async function extractPdfText(data: Uint8Array): Promise<string | null> {
  let pdf: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    pdf = await getDocument({
      data: new Uint8Array(data),
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
    }).promise;
  } catch {
    return null;
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, 60); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      let lastY: number | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        if (lastY !== null && Math.abs(y - lastY) > 2 && line !== '') {
          lines.push(line);
          line = '';
        }
        line += item.str;
        lastY = y;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
          lastY = null;
        }
      }
      if (line !== '') lines.push(line);
      pages.push(lines.join('\n'));
      page.cleanup();
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

/** The German headings of the 16 sections (REACH Annex II), the words a heading is recognised by. */
export const SDS_SECTION_TITLES: Record<number, RegExp> = {
  1: /bezeichnung des stoffs|bezeichnung des gemischs|firmenbezeichnung|zubereitungs|identifikation/i,
  2: /m[öo]gliche gefahren|gefahrenidentifikation|gefahren/i,
  3: /zusammensetzung/i,
  4: /erste[- ]hilfe/i,
  5: /brandbek[äa]mpfung/i,
  6: /unbeabsichtigte|freisetzung/i,
  7: /handhabung|lagerung/i,
  8: /exposition|pers[öo]nliche schutz/i,
  9: /physikalische|chemische eigenschaften/i,
  10: /stabilit[äa]t|reaktivit[äa]t/i,
  11: /toxikolog/i,
  12: /umwelt|[öo]kolog/i,
  13: /entsorgung/i,
  14: /transport/i,
  15: /rechtsvorschriften|vorschriften/i,
  16: /sonstige/i,
};

const HEADING = /^\s*(?:abschnitt|abs\.|kapitel)\s*(\d{1,2})\s*[:.)-]?\s*(.*)$/i;
const NUMBERED_HEADING = /^\s*(\d{1,2})\s*[.:)]?\s+([A-ZÄÖÜ].*)$/;

/**
 * The text of each recognised section, by number. A heading is „ABSCHNITT n: …“ (any case, also „Abschnitt
 * n.“) or „n. Title“ / „n Title“ with the section's known title words; sections must ascend.
 */
export function splitSections(text: string): Map<number, string> {
  const sections = new Map<number, string[]>();
  let current = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line === '') continue;
    const m = HEADING.exec(line) ?? NUMBERED_HEADING.exec(line);
    if (m) {
      const n = Number(m[1]);
      const title = m[2] ?? '';
      const strong = HEADING.test(line);
      const titled = SDS_SECTION_TITLES[n]?.test(title) ?? false;
      if (n >= 1 && n <= 16 && n > current && (strong || titled) && !sections.has(n)) {
        current = n;
        sections.set(n, []);
        continue;
      }
    }
    if (current > 0) sections.get(current)?.push(line);
  }
  return new Map([...sections].map(([n, lines]) => [n, lines.join('\n')]));
}

/** What the reader proposes: the register's field names (decision 046) with their values as the form has them. */
export type SdsProposals = {
  designation?: string;
  casNumber?: string;
  ecNumber?: string;
  statements?: string[];
  signalWord?: 'Gefahr' | 'Achtung';
  storageClass?: string;
  flashPoint?: string;
  boilingPoint?: string;
  density?: string;
  ph?: string;
  waterHazardClass?: string;
  unNumber?: string;
  physicalState?: string;
  manufacturerName?: string;
  manufacturerEmergencyPhone?: string;
};

export type SdsReading = { sections: number[]; proposals: SdsProposals };

/** The value after a label on the same line („Label: value“) or, when the line ends there, the next line. */
function labelled(text: string, label: RegExp): string | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const m = label.exec(line);
    if (!m) continue;
    const rest = line
      .slice(m.index + m[0].length)
      .replace(/^\s*[:.]?\s*/, '')
      .trim();
    if (rest !== '') return rest;
    const next = lines[i + 1]?.trim();
    if (next) return next;
  }
  return undefined;
}

/** A German decimal from a number as written („78.3“, „78,3“, „ca. 13“); `undefined` for ranges' comparators. */
function germanNumber(raw: string, decimals: number): string | undefined {
  const n = Number(raw.replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) return undefined;
  const fixed = n.toFixed(decimals).replace(/\.?0+$/, '');
  return fixed.replace('.', ',');
}

/** The first number after a label, in the unit asked for; none when the value is only a bound („< 21 °C“). */
function measured(text: string, label: RegExp, unit: RegExp, decimals: number): string | undefined {
  for (const line of text.split('\n')) {
    const m = label.exec(line);
    if (!m) continue;
    const after = line.slice(m.index + m[0].length);
    const v = /^[^\d<>≤≥-]*?(?:ca\.\s*)?([<>≤≥]\s*)?(-?\s?\d+(?:[.,]\d+)?)/.exec(after);
    if (!v || v[1]) continue;
    const rest = after.slice((v.index ?? 0) + v[0].length);
    if (!unit.test(rest)) continue;
    return germanNumber(v[2] as string, decimals);
  }
  return undefined;
}

const H_OR_P =
  /\b(EUH\s?\d{3}[A-Za-z]?|H\s?\d{3}[A-Za-z]{0,2}(?:\s*\+\s*H\s?\d{3}[A-Za-z]{0,2})*|P\s?\d{3}(?:\s*\+\s*P\s?\d{3})*)\b/g;

/** H, EUH and P codes as the catalogue writes them („P303+P361+P353“, „H360Fd“), in order, once each. */
export function statementCodes(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(H_OR_P)) {
    const code = (m[1] as string).replace(/\s+/g, '');
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

const PHYSICAL: [RegExp, string][] = [
  [/fl[üu]ssig/i, 'liquid'],
  [/gasf[öo]rmig|\bgas\b/i, 'gaseous'],
  [/pastös|pastos|paste/i, 'pasty'],
  [/pulver/i, 'powdery'],
  [/granul/i, 'granulate'],
  [/\bfest\b/i, 'solid'],
];

/** Reads the sections and the register's fields out of an SDS text (see `SdsProposals`). */
export function readSds(text: string): SdsReading {
  const sections = splitSections(text);
  const s = (n: number) => sections.get(n) ?? '';
  const all = sections.size > 0 ? [...sections.values()].join('\n') : text;
  const p: SdsProposals = {};

  const designation = [
    /handelsname/i,
    /produktname/i,
    /produktbezeichnung/i,
    /bezeichnung des produkts/i,
    /produktidentifikator/i,
  ]
    .map((label) => labelled(s(1) || all, label))
    .find((v) => v !== undefined);
  if (designation) p.designation = designation.slice(0, 300);

  // The product's own numbers: section 1, else section 3 of a substance (a mixture lists its ingredients there).
  const numberSources = [s(1), /gemisch/i.test(s(3)) ? '' : s(3)];
  for (const source of numberSources) {
    if (!p.casNumber)
      for (const m of source.matchAll(/CAS(?:-?\s?(?:Nr\.?|Nummer|No\.?))?\s*[:.]?\s*(\d{2,7}-\d{2}-\d)\b/gi))
        if (checkCas(m[1] as string) === 'ok') {
          p.casNumber = m[1] as string;
          break;
        }
    if (!p.ecNumber)
      for (const m of source.matchAll(
        /(?:EG|EC|EINECS|ELINCS)(?:-?\s?(?:Nr\.?|Nummer|No\.?))?\s*[:.]?\s*(\d{3}-\d{3}-\d)\b/gi,
      ))
        if (checkEc(m[1] as string) === 'ok') {
          p.ecNumber = m[1] as string;
          break;
        }
  }

  const codes = statementCodes(s(2) || all);
  if (codes.length > 0) p.statements = codes;
  const signal = /signalwort\s*[:.]?\s*(gefahr|achtung)/i.exec(s(2) || all);
  if (signal) p.signalWord = (signal[1] as string).toLowerCase() === 'gefahr' ? 'Gefahr' : 'Achtung';

  const LGK =
    /lagerklasse\s*(?:\([^)]*\))?\s*(?:nach\s+TRGS\s*510)?\s*[:.]?\s*(?:LGK\s*)?(\d{1,2}(?:\.\d)?\s?[A-Da-d]?)(?![\d.])/i;
  const lgk = LGK.exec(s(7)) ?? LGK.exec(s(15)) ?? LGK.exec(all);
  const storageClass = lgk?.[1]?.replace(/\s/g, '').toUpperCase();
  if (storageClass && (STORAGE_CLASSES as readonly string[]).includes(storageClass))
    p.storageClass = storageClass;

  const physical = s(9) || all;
  const celsius = /^\s*°\s*C/;
  const flash = measured(physical, /flammpunkt/i, celsius, 1);
  if (flash) p.flashPoint = flash;
  const boiling = measured(physical, /siede(?:punkt|beginn|bereich|temperatur)/i, celsius, 1);
  if (boiling) p.boilingPoint = boiling;
  const density = measured(
    physical,
    /^(?!.*(?:relative|dampf|schütt))[^:]*\bdichte\b/i,
    /^\s*(?:g|kg)\s*\/\s*(?:cm³|cm3|ml|l)/i,
    3,
  );
  if (density) p.density = density;
  const ph = measured(physical, /\bpH(?:-Wert)?\b/, /^(?!\s*(?:°|%))/, 1);
  if (ph && Number(ph.replace(',', '.')) <= 14) p.ph = ph;
  const state = labelled(physical, /aggregatzustand|physikalischer zustand|form\s*:/i);
  const stateMatch = state && PHYSICAL.find(([re]) => re.test(state));
  if (stateMatch) p.physicalState = stateMatch[1];

  const water = `${s(12)}\n${s(15)}`.trim();
  const wgk = /(?:wassergef[äa]hrdungsklasse|WGK)\s*(?:\(.*?\))?\s*[:.]?\s*(?:WGK\s*)?(\d|nwg|awg)\b/i.exec(
    water || all,
  );
  if (wgk) {
    const v = (wgk[1] as string).toLowerCase();
    if ((WATER_HAZARD_CLASSES as readonly string[]).includes(v)) p.waterHazardClass = v;
  } else if (/nicht wassergef[äa]hrdend/i.test(water)) p.waterHazardClass = 'nwg';
  else if (/allgemein wassergef[äa]hrdend/i.test(water)) p.waterHazardClass = 'awg';

  const un =
    /\bUN(?:-?\s?(?:Nr\.?|Nummer|No\.?)|-Nummer oder ID-Nummer)?\s*[:.]?\s*(?:UN\s*)?(\d{4})\b/i.exec(
      s(14) || all,
    );
  if (un) p.unNumber = un[1] as string;

  const manufacturer = labelled(
    s(1) || all,
    /^(?:hersteller\s*\/\s*lieferant|lieferant|hersteller|firma|unternehmen)\b/i,
  );
  if (manufacturer) p.manufacturerName = manufacturer.slice(0, 200);
  const emergency =
    /(?:notruf(?:nummer)?|notfall(?:nummer|telefon|auskunft)?|giftnotruf)[^:\d+]*[:.]?\s*([+\d][\d\s()/-]{5,}\d)/i.exec(
      s(1) || all,
    );
  if (emergency)
    p.manufacturerEmergencyPhone = (emergency[1] as string).replace(/\s+/g, ' ').trim().slice(0, 60);

  return { sections: [...sections.keys()], proposals: p };
}
