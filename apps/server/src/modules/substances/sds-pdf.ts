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
  /** Section 3: one row per ingredient (schema order of the register's ingredient rows). */
  ingredients?: SdsIngredient[];
  /** Section 8: occupational exposure limits (AGW and the like). */
  exposureLimits?: SdsExposureLimit[];
  /** Section 13: waste keys of the waste list ordinance (AVV), at most three. */
  wasteKey1?: string;
  wasteKey2?: string;
  wasteKey3?: string;
  /** Section 14: transport classes and the transport category (ADR 1.1.3.6). */
  adrRid?: string;
  iata?: string;
  imdg?: string;
  transportCategory?: number;
};

export type SdsIngredient = {
  name: string;
  casNumber: string;
  ecNumber: string;
  percentMin: string;
  percentMax: string;
  formula: string;
  classification: string;
};
export type SdsExposureLimit = { basis: string; value: string; unit: string; info: string };

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

  const ingredients = readIngredients(s(3));
  if (ingredients.length > 0) p.ingredients = ingredients;
  const limits = readExposureLimits(s(8));
  if (limits.length > 0) p.exposureLimits = limits;
  readWasteKeys(s(13)).forEach((key, i) => {
    p[`wasteKey${i + 1}` as 'wasteKey1'] = key;
  });
  Object.assign(p, readTransport(s(14)));

  return { sections: [...sections.keys()], proposals: p };
}

// ── Section 3: ingredients ─────────────────────────────────────────────────────────────────────────────
// Tables of a data sheet arrive as flattened lines: a row may stand on one line („Xylol 1330-20-7 215-535-7
// 25 - < 50 % Flam. Liq. 3, H226“), be split over several („Xylol“ / „1330-20-7 215-535-7“ / „25 - < 50“ /
// „%“), or be written as labelled lines („CAS-Nr.: …“, „Gehalt: …“). Every CAS-shaped number anchors a row.

const CAS_SHAPE = /(?<![\d-])(\d{2,7}-\d{2}-\d)(?![\d-])/g;
const EC_SHAPE = /(?<![\d-])(\d{3}-\d{3}-\d)(?![\d-])/g;
/** Index numbers (Annex VI, 601-023-00-4) and REACH registration numbers (01-2119457610-43-xxxx). */
const OTHER_NUMBERS = /(?<![\d-])(?:\d{3}-\d{3}-\d{2}-\d|\d{2}-\d{10}-\d{2}(?:-[\dx]{4})?)(?![\d-])/gi;
const NUMBER_LABELS =
  /\b(?:CAS|EG|EC|EINECS|ELINCS|Index|REACH)(?:-?\s?(?:Nr\.?|Nummer|No\.?|Registrierungsnummer))?\s*[:.]?/gi;
const HEADER_WORDS = /\b(?:bezeichnung|name|stoffname|inhaltsstoff|einstufung|gehalt|konzentration)\b/i;
const LABEL_LINE =
  /^(?:CAS|EG|EC|EINECS|ELINCS|Index|REACH|Gehalt|Konzentration|Anteil|Einstufung|Gew\.?|H\d{3}|EUH\d{3}|[<>≤≥]|\d)/i;

function percentOf(raw: string): string {
  return germanNumber(raw, 2) ?? '';
}

/** „10 - < 25 %“, „≥ 10 – < 25“, „25 %“, „< 1 %“, „> 90 %“, „Gehalt: 5“ → min and max (German decimals). */
export function percentRange(text: string): { percentMin: string; percentMax: string } | undefined {
  const num = '(\\d{1,3}(?:[.,]\\d{1,2})?)';
  const range = new RegExp(
    `(?:[≥>]=?\\s*)?${num}\\s*%?\\s*(?:-|–|bis)\\s*(?:[<≤]=?\\s*)?${num}\\s*(%)?`,
  ).exec(text);
  if (range) return { percentMin: percentOf(range[1] as string), percentMax: percentOf(range[2] as string) };
  const bound = new RegExp(`([<≤>≥])\\s*=?\\s*${num}\\s*%`).exec(text);
  if (bound) {
    const v = percentOf(bound[2] as string);
    return bound[1] === '<' || bound[1] === '≤'
      ? { percentMin: '', percentMax: v }
      : { percentMin: v, percentMax: '' };
  }
  const single =
    new RegExp(`${num}\\s*%`).exec(text) ??
    new RegExp(`(?:gehalt|konzentration|anteil)[^\\d]*${num}`, 'i').exec(text);
  if (single) {
    const v = percentOf(single[1] as string);
    return { percentMin: v, percentMax: v };
  }
  return undefined;
}

/** The name part of a line: labels, numbers and codes removed; empty when nothing name-like is left. */
function namePart(line: string): string {
  const cleaned = line
    .replace(/^\s*(?:\d+(?:\.\d+)*\s+)?(?:chemische bezeichnung|stoffname|bezeichnung|name)\s*:\s*/i, '')
    .replace(/[;,:]\s*$/, '')
    .trim();
  return /[A-Za-zÄÖÜäöüß]{2,}/.test(cleaned) ? cleaned : '';
}

function isHeaderLine(line: string): boolean {
  return (
    /^\s*3\.\d/.test(line) ||
    /gef[äa]hrliche inhaltsstoffe|^gemische?$|^stoffe?$|beschreibung|zus[äa]tzliche hinweise|wortlaut/i.test(
      line,
    ) ||
    (HEADER_WORDS.test(line) && /\b(?:CAS|EG|EC)\b/i.test(line) && !new RegExp(CAS_SHAPE.source).test(line))
  );
}

export function readIngredients(section: string): SdsIngredient[] {
  const lines = section.split('\n').map((l) => l.trim());
  const anchors: { line: number; cas: string; before: string }[] = [];
  lines.forEach((line, i) => {
    if (isHeaderLine(line)) return;
    const masked = line.replace(OTHER_NUMBERS, ' ').replace(EC_SHAPE, ' ');
    const m = new RegExp(CAS_SHAPE.source).exec(masked);
    if (!m) return;
    const before = masked.slice(0, m.index).replace(NUMBER_LABELS, ' ');
    anchors.push({ line: i, cas: m[1] as string, before: namePart(before) });
  });
  // Where each row starts: its own line when the name stands before the CAS number, else the nearest line
  // above that is neither a header, nor a label line, nor part of the previous row.
  const starts = anchors.map((a, k) => {
    if (a.before !== '') return { start: a.line, name: a.before };
    const floor = k === 0 ? -1 : (anchors[k - 1] as { line: number }).line;
    for (let i = a.line - 1; i > floor; i--) {
      const line = lines[i] as string;
      if (isHeaderLine(line)) break;
      if (LABEL_LINE.test(line) || /\d\s*%\s*$/.test(line) || /\b(?:EU)?H\d{3}/.test(line)) continue;
      const name = namePart(line);
      if (name !== '') return { start: i, name };
    }
    return { start: a.line, name: '' };
  });
  const rows: SdsIngredient[] = [];
  anchors.forEach((a, k) => {
    const { start, name } = starts[k] as { start: number; name: string };
    if (name === '') return;
    let end = k + 1 < anchors.length ? (starts[k + 1] as { start: number }).start : lines.length;
    for (let i = a.line + 1; i < end; i++)
      if (isHeaderLine(lines[i] as string)) {
        end = i;
        break;
      }
    const joined = lines.slice(start, end).join(' ');
    const rest = joined.replace(name, ' ').replace(a.cas, ' ');
    const ec = [...rest.matchAll(EC_SHAPE)].map((m) => m[1] as string).find((n) => checkEc(n) === 'ok');
    const forPercent = rest
      .replace(OTHER_NUMBERS, ' ')
      .replace(EC_SHAPE, ' ')
      .replace(H_OR_P, ' ')
      // Hazard categories („Flam. Liq. 3“, „Acute Tox. 4“, „STOT SE 3“) are no percentages.
      .replace(/\b(?:[A-Z][A-Za-z.]*\s)+(?:\d[A-Z]?)(?=\s*[,;)]|\s+H\d|\s*$)/g, ' ')
      .replace(NUMBER_LABELS, ' ');
    const percent = percentRange(forPercent);
    const classification = statementCodes(rest)
      .filter((c) => !c.startsWith('P'))
      .join(', ');
    rows.push({
      name: name.slice(0, 300),
      casNumber: checkCas(a.cas) === 'ok' ? a.cas : '',
      ecNumber: ec ?? '',
      percentMin: percent?.percentMin ?? '',
      percentMax: percent?.percentMax ?? '',
      formula: '',
      classification: classification.slice(0, 1000),
    });
  });
  return rows.slice(0, 100);
}

// ── Section 8: exposure limits ───────────────────────────────────────────────────────────────────────────

const LIMIT_VALUE =
  /(?<![\d.,])(\d{1,6}(?:[.,]\d{1,3})?)\s*(mg\s*\/\s*m(?:³|3)|ml\s*\/\s*m(?:³|3)|ppm|µg\s*\/\s*m(?:³|3)|mg\/m\^3)/gi;
const SOURCE = /TRGS\s*900|TRGS\s*903|2000\/39\/EG|2017\/164\/EU|2006\/15\/EG|2009\/161\/EU|DFG|MAK/i;

function limitUnit(raw: string): string {
  const u = raw.replace(/\s/g, '').toLowerCase();
  if (u === 'ppm' || u.startsWith('ml')) return 'ml/m³';
  if (u.startsWith('µg')) return 'µg/m³';
  return 'mg/m³';
}

function limitBasis(line: string, fallback: string): string {
  const kind = /\bAGW\b|arbeitsplatzgrenzwert/i.test(line)
    ? 'AGW'
    : /\bMAK\b/i.test(line)
      ? 'MAK'
      : /\b(?:IOELV|OEL|EU)\b/.test(line)
        ? 'EU-Grenzwert'
        : '';
  const source = SOURCE.exec(line)?.[0].replace(/\s+/g, ' ');
  if (!source && (kind === '' || fallback.startsWith(kind))) return fallback;
  if (kind === '' && source && /TRGS 900/i.test(source)) return 'AGW (TRGS 900)';
  if (kind === '') return `Grenzwert (${source})`;
  return source && source !== kind ? `${kind} (${source})` : kind;
}

/**
 * Exposure limits of section 8.1: every value with an air unit (mg/m³, ml/m³, ppm) on a line about a limit
 * value (AGW, TRGS 900, MAK, EU limits); DNEL/PNEC values (section 8.1 too) are left out. A value and its
 * unit split over two lines are joined. `info` names the ingredient the limit belongs to.
 */
export function readExposureLimits(section: string): SdsExposureLimit[] {
  const raw = section.split('\n').map((l) => l.trim());
  const lines: string[] = [];
  for (const line of raw) {
    const last = lines.length - 1;
    if (last >= 0 && /\d$/.test(lines[last] as string) && /^(?:mg|ml|ppm|µg)\b/i.test(line))
      lines[last] = `${lines[last]} ${line}`;
    else lines.push(line);
  }
  if (!/\bAGW\b|arbeitsplatzgrenzwert|TRGS\s*900|\bMAK\b|grenzwert/i.test(section)) return [];
  const out: SdsExposureLimit[] = [];
  let basis = 'AGW';
  let subject = '';
  for (const line of lines) {
    if (/^8\.2\b|begrenzung und [üu]berwachung der exposition/i.test(line) && out.length > 0) break;
    if (/\b(?:DNEL|DMEL|PNEC)\b|biologische[rn]? grenzwert|\bBGW\b/i.test(line)) {
      subject = '';
      continue;
    }
    const cas = [...line.matchAll(CAS_SHAPE)].map((m) => m[1] as string).find((n) => checkCas(n) === 'ok');
    if (cas) {
      const name = namePart(line.slice(0, line.indexOf(cas)).replace(NUMBER_LABELS, ' '));
      subject = name ? `${name} (CAS ${cas})` : `CAS ${cas}`;
    }
    const found = [...line.matchAll(LIMIT_VALUE)];
    const lineBasis = limitBasis(line, basis);
    if (found.length === 0) {
      if (lineBasis !== basis && !/\d/.test(line.replace(SOURCE, ''))) basis = lineBasis;
      continue;
    }
    for (const m of found) {
      const value = germanNumber(m[1] as string, 3);
      if (!value) continue;
      const row = { basis: lineBasis, value, unit: limitUnit(m[2] as string), info: subject.slice(0, 1000) };
      if (!out.some((o) => JSON.stringify(o) === JSON.stringify(row))) out.push(row);
    }
  }
  return out.slice(0, 50);
}

// ── Section 13: waste keys ───────────────────────────────────────────────────────────────────────────────

/** AVV waste keys (six digits, chapter 01–20, * for hazardous) on lines about waste keys; at most three. */
export function readWasteKeys(section: string): string[] {
  const out: string[] = [];
  const lines = section.split('\n');
  lines.forEach((line, i) => {
    const context = `${lines[i - 1] ?? ''} ${line}`;
    if (
      !/abfallschl[üu]ssel|\bAVV\b|\bEAK\b|\bEWC\b|abfallcode|abfallnummer|abfallverzeichnis/i.test(context)
    )
      return;
    for (const m of line.matchAll(/(?<![\d-])(\d{2}) ?(\d{2}) ?(\d{2})(?![\d-])(\s?\*)?/g)) {
      const chapter = Number(m[1]);
      if (chapter < 1 || chapter > 20) continue;
      const key = `${m[1]} ${m[2]} ${m[3]}${m[4] ? '*' : ''}`;
      if (!out.includes(key)) out.push(key);
    }
  });
  return out.slice(0, 3);
}

// ── Section 14: transport ────────────────────────────────────────────────────────────────────────────────

const CLASS_TOKEN = /(?<![\d.,])([1-9](?:\.[1-6])?)(?![\d.,])/;
const MODES = [
  ['adrRid', /\bADR\s*\/\s*RID\b|\bADR\b|\bRID\b|\bADN\b/i],
  ['imdg', /\bIMDG(?:-Code)?\b/i],
  ['iata', /\bIATA(?:-DGR)?\b|\bICAO(?:-TI)?\b/i],
] as const;

/**
 * Classes per transport mode (14.3), from „ADR/RID: 3“ lines or from a header row „ADR/RID IMDG IATA“
 * followed by the values row; the transport category from „Beförderungskategorie“ (ADR 1.1.3.6, 0–4).
 */
export function readTransport(
  section: string,
): Pick<SdsProposals, 'adrRid' | 'iata' | 'imdg' | 'transportCategory'> {
  const out: Pick<SdsProposals, 'adrRid' | 'iata' | 'imdg' | 'transportCategory'> = {};
  const lines = section.split('\n').map((l) => l.trim());
  const classStart = lines.findIndex((l) =>
    /^14\.3\b|transportgefahrenklasse|gefahrklasse|\bklasse\b/i.test(l),
  );
  const classEnd = lines.findIndex((l, i) => i > classStart && /^14\.[4-7]\b|verpackungsgruppe/i.test(l));
  const classLines =
    classStart >= 0 ? lines.slice(classStart, classEnd > classStart ? classEnd : undefined) : lines;
  for (let i = 0; i < classLines.length; i++) {
    const line = (classLines[i] as string)
      .replace(/^14\.3\s*/, '')
      .replace(/transportgefahrenklassen?\s*:?/i, '');
    const labels = MODES.map(([key, re]) => ({ key, at: re.exec(line) })).filter((x) => x.at !== null);
    if (labels.length === 0) continue;
    // Header row: labels only, values on the next line in the same order.
    if (!/\d/.test(line.replace(/\b(?:ADR|RID|IMDG|IATA|ICAO|DGR|TI)\b/gi, '')) && labels.length > 1) {
      const values = (classLines[i + 1] ?? '').split(/\s+/).filter((v) => CLASS_TOKEN.test(v));
      labels
        .sort((a, b) => (a.at?.index ?? 0) - (b.at?.index ?? 0))
        .forEach(({ key }, k) => {
          const v = values[k] ? CLASS_TOKEN.exec(values[k])?.[1] : undefined;
          if (v && out[key] === undefined) out[key] = v;
        });
      continue;
    }
    const sorted = labels.sort((a, b) => (a.at?.index ?? 0) - (b.at?.index ?? 0));
    sorted.forEach(({ key, at }, k) => {
      if (!at) return;
      const next = sorted[k + 1]?.at?.index ?? line.length;
      let part = line.slice(at.index + at[0].length, next).replace(/^\s*(?:-?klasse)?\s*[:.]?\s*/i, '');
      if (part.trim() === '' && sorted.length === 1) part = classLines[i + 1] ?? '';
      if (/\bUN\s?\d{4}/i.test(part)) return;
      const v = CLASS_TOKEN.exec(part)?.[1];
      if (v && out[key] === undefined) out[key] = v;
    });
  }
  const category = /bef[öo]rderungskategorie\s*(?:\(ADR\))?\s*[:.]?\s*([0-4])(?!\d)/i.exec(section);
  if (category) out.transportCategory = Number(category[1]);
  return out;
}
