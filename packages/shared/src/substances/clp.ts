/**
 * GHS pictograms, the signal word and the CMR flag derived from H statements (CLP, Regulation (EC) No
 * 1272/2008, Annex I labelling elements; precedence Art. 26 and Art. 20(3); decision 046).
 *
 * Each H statement names the pictograms and the signal word of the hazard categories it stands for. Where
 * one statement covers categories with different signal words (H228, H242, H261, H272: category 1 or type
 * C/D „Gefahr“, the lower one „Achtung“) the stricter word is taken; the user may override it with a reason.
 */

/**
 * The source of the statement texts (CC BY 4.0 requires it wherever they are shown or shipped): the
 * public data set mhchem/hpstatements, content version „latest = 2025-09-01“.
 */
export const CLP_ATTRIBUTION = {
  contentVersion: '2025-09-01',
  lines: [
    '© European Union, https://eur-lex.europa.eu, 1998-2025, CC BY 4.0',
    '© hpstatements contributors, https://github.com/mhchem/hpstatements/contributors, 2019-2025, CC BY 4.0',
  ],
} as const;

export const GHS_PICTOGRAMS = [
  'GHS01',
  'GHS02',
  'GHS03',
  'GHS04',
  'GHS05',
  'GHS06',
  'GHS07',
  'GHS08',
  'GHS09',
] as const;
export type GhsPictogram = (typeof GHS_PICTOGRAMS)[number];

/** Spec entity: 0 none, 1 Achtung, 2 Gefahr. */
export const SIGNAL_WORDS = ['none', 'warning', 'danger'] as const;
export type SignalWord = (typeof SIGNAL_WORDS)[number];

export type StatementKind = 'H' | 'EUH' | 'P';

export function statementKind(code: string): StatementKind {
  if (code.startsWith('EUH')) return 'EUH';
  return code.startsWith('P') ? 'P' : 'H';
}

type Label = { pictograms: GhsPictogram[]; signal: SignalWord };
const L = (signal: SignalWord, ...pictograms: GhsPictogram[]): Label => ({ pictograms, signal });

/** Labelling of the single H statements (Annex I tables per hazard class); combined codes are split. */
const H_LABELS: Readonly<Record<string, Label>> = {
  // Explosives (2.1): H204 division 1.4 „Achtung“, H205 division 1.5 „Gefahr“ without pictogram;
  // desensitised explosives (2.17) H206–H208 with the flame.
  H200: L('danger', 'GHS01'),
  H201: L('danger', 'GHS01'),
  H202: L('danger', 'GHS01'),
  H203: L('danger', 'GHS01'),
  H204: L('warning', 'GHS01'),
  H205: L('danger'),
  H206: L('danger', 'GHS02'),
  H207: L('warning', 'GHS02'),
  H208: L('warning', 'GHS02'),
  // Flammable gases, aerosols, liquids, solids (2.2–2.7)
  H220: L('danger', 'GHS02'),
  H221: L('warning', 'GHS02'),
  H222: L('danger', 'GHS02'),
  H223: L('warning', 'GHS02'),
  H224: L('danger', 'GHS02'),
  H225: L('danger', 'GHS02'),
  H226: L('warning', 'GHS02'),
  H228: L('danger', 'GHS02'),
  H229: L('warning'),
  H230: L('danger'),
  H231: L('danger'),
  H232: L('danger', 'GHS02'),
  // Self-reactive substances, organic peroxides (2.8, 2.15)
  H240: L('danger', 'GHS01'),
  H241: L('danger', 'GHS01', 'GHS02'),
  H242: L('danger', 'GHS02'),
  // Pyrophoric, self-heating, water-reactive (2.9–2.12)
  H250: L('danger', 'GHS02'),
  H251: L('danger', 'GHS02'),
  H252: L('warning', 'GHS02'),
  H260: L('danger', 'GHS02'),
  H261: L('danger', 'GHS02'),
  // Oxidising (2.4, 2.13, 2.14)
  H270: L('danger', 'GHS03'),
  H271: L('danger', 'GHS03'),
  H272: L('danger', 'GHS03'),
  // Gases under pressure (2.5), corrosive to metals (2.16)
  H280: L('warning', 'GHS04'),
  H281: L('warning', 'GHS04'),
  H290: L('warning', 'GHS05'),
  // Acute toxicity (3.1)
  H300: L('danger', 'GHS06'),
  H301: L('danger', 'GHS06'),
  H302: L('warning', 'GHS07'),
  H310: L('danger', 'GHS06'),
  H311: L('danger', 'GHS06'),
  H312: L('warning', 'GHS07'),
  H330: L('danger', 'GHS06'),
  H331: L('danger', 'GHS06'),
  H332: L('warning', 'GHS07'),
  // Aspiration (3.10), skin/eye (3.2, 3.3), sensitisation (3.4), STOT SE 3 (3.8)
  H304: L('danger', 'GHS08'),
  H314: L('danger', 'GHS05'),
  H315: L('warning', 'GHS07'),
  H317: L('warning', 'GHS07'),
  H318: L('danger', 'GHS05'),
  H319: L('warning', 'GHS07'),
  H334: L('danger', 'GHS08'),
  H335: L('warning', 'GHS07'),
  H336: L('warning', 'GHS07'),
  // CMR (3.5–3.7), STOT (3.8, 3.9)
  H340: L('danger', 'GHS08'),
  H341: L('warning', 'GHS08'),
  H350: L('danger', 'GHS08'),
  H350i: L('danger', 'GHS08'),
  H351: L('warning', 'GHS08'),
  H360: L('danger', 'GHS08'),
  H360F: L('danger', 'GHS08'),
  H360D: L('danger', 'GHS08'),
  H360FD: L('danger', 'GHS08'),
  H360Fd: L('danger', 'GHS08'),
  H360Df: L('danger', 'GHS08'),
  H361: L('warning', 'GHS08'),
  H361f: L('warning', 'GHS08'),
  H361d: L('warning', 'GHS08'),
  H361fd: L('warning', 'GHS08'),
  H362: L('none'),
  H370: L('danger', 'GHS08'),
  H371: L('warning', 'GHS08'),
  H372: L('danger', 'GHS08'),
  H373: L('warning', 'GHS08'),
  // Aquatic (4.1), ozone layer (5.1)
  H400: L('warning', 'GHS09'),
  H410: L('warning', 'GHS09'),
  H411: L('none', 'GHS09'),
  H412: L('none'),
  H413: L('none'),
  H420: L('warning', 'GHS07'),
};

/** Carcinogenic, mutagenic, toxic for reproduction (categories 1A, 1B and 2, and the lactation effect). */
const CMR_PREFIXES = ['H340', 'H341', 'H350', 'H351', 'H360', 'H361', 'H362'];

/** The single codes of a statement code („H300+H310+H330“ → H300, H310, H330; „[+P378]“ kept as P378). */
export function splitCode(code: string): string[] {
  return code
    .replace(/[[\]]/g, '')
    .split('+')
    .map((c) => c.trim())
    .filter(Boolean);
}

export function isCmrCode(code: string): boolean {
  return splitCode(code).some((c) => CMR_PREFIXES.some((p) => c.startsWith(p)));
}

const SIGNAL_RANK: Record<SignalWord, number> = { none: 0, warning: 1, danger: 2 };

export type Classification = {
  pictograms: GhsPictogram[];
  signalWord: SignalWord;
  cmr: boolean;
};

/**
 * Derives the label from the chosen statement codes (H, EUH, P mixed; only H statements count):
 * the union of the pictograms, reduced by Art. 26(1):
 * - (b) GHS06 present → no GHS07;
 * - (c) GHS05 present → no GHS07 for skin or eye irritation (H315, H319);
 * - (d) GHS08 for respiratory sensitisation (H334) → no GHS07 for skin sensitisation (H317) or skin/eye
 *   irritation (H315, H319);
 * - (a) GHS01 present → GHS02 and GHS03 are optional: they stay (a label may carry them).
 * GHS07 stays only while a statement that needs it is not superseded. The signal word is the strictest
 * (Art. 20(3): „Gefahr“ supersedes „Achtung“).
 */
export function deriveClassification(codes: readonly string[]): Classification {
  const singles = new Set(codes.flatMap(splitCode).filter((c) => statementKind(c) === 'H'));
  let signal: SignalWord = 'none';
  const pictograms = new Set<GhsPictogram>();
  const ghs07Sources: string[] = [];
  for (const code of singles) {
    const label = H_LABELS[code];
    if (!label) continue;
    if (SIGNAL_RANK[label.signal] > SIGNAL_RANK[signal]) signal = label.signal;
    for (const p of label.pictograms) {
      if (p === 'GHS07') ghs07Sources.push(code);
      else pictograms.add(p);
    }
  }
  const needsGhs07 = ghs07Sources.some((code) => {
    if (pictograms.has('GHS06')) return false;
    if (pictograms.has('GHS05') && (code === 'H315' || code === 'H319')) return false;
    if (singles.has('H334') && (code === 'H317' || code === 'H315' || code === 'H319')) return false;
    return true;
  });
  if (needsGhs07) pictograms.add('GHS07');
  return {
    pictograms: GHS_PICTOGRAMS.filter((p) => pictograms.has(p)),
    signalWord: signal,
    cmr: [...singles].some(isCmrCode),
  };
}

/** The four configurable blacklists (settings „Gefahrstoffe“): a hit warns, the save goes through. */
export const BLACKLISTS = ['forbidden', 'cmr', 'toxic', 'unwanted'] as const;
export type Blacklist = (typeof BLACKLISTS)[number];

export const DEFAULT_BLACKLISTS: Record<Blacklist, string[]> = {
  forbidden: [],
  cmr: ['H340', 'H350', 'H350i', 'H360', 'H360F', 'H360D', 'H360FD', 'H360Fd', 'H360Df'],
  toxic: ['H300', 'H310', 'H330', 'H370', 'H372'],
  unwanted: [],
};

export type BlacklistHit = { list: Blacklist; code: string };

/** The chosen codes (or the single codes of a combined one) that stand on a blacklist. */
export function blacklistHits(codes: readonly string[], lists: Record<Blacklist, readonly string[]>) {
  const hits: BlacklistHit[] = [];
  for (const list of BLACKLISTS) {
    const listed = new Set(lists[list]);
    for (const code of codes) {
      const hit = [code, ...splitCode(code)].find((c) => listed.has(c));
      if (hit && !hits.some((h) => h.list === list && h.code === code)) hits.push({ list, code });
    }
  }
  return hits;
}
