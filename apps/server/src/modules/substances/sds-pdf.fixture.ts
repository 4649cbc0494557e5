import PDFDocument from 'pdfkit';

/** Small German safety data sheets drawn with pdfkit for the tests (decision 049). */

/** A data sheet of `lines` (each a line of text; pages break by themselves). */
export async function textPdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(9);
  for (const line of lines) doc.text(line);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A scanned-looking PDF: drawn shapes only, no text. */
export async function imageOnlyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (let y = 60; y < 700; y += 14) doc.rect(50, y, 300 + ((y * 7) % 180), 6).fill('#333333');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A valid CAS number (check digit computed) from a seed, for unique test substances. */
export function casFor(seed: number): string {
  const digits = String(1000000 + (seed % 8999999)).padStart(7, '0') + String(seed % 100).padStart(2, '0');
  const sum = [...digits].reverse().reduce((acc, d, i) => acc + (i + 1) * Number(d), 0);
  return `${digits.slice(0, -2)}-${digits.slice(-2)}-${sum % 10}`;
}

/** A valid EC number (check digit computed, never the ELINCS 10 case) from a seed. */
export function ecFor(seed: number): string {
  for (let n = seed; ; n++) {
    const digits = String(200000 + (n % 99999)).padStart(6, '0');
    const sum = [...digits].reduce((acc, d, i) => acc + (i + 1) * Number(d), 0) % 11;
    if (sum < 10) return `${digits.slice(0, 3)}-${digits.slice(3)}-${sum}`;
  }
}

/**
 * An ethanol-like data sheet in the usual German layout („ABSCHNITT n: …“), `name` as its trade name; the
 * register refuses duplicate CAS/EC numbers, so tests pass their own (`casFor`, `ecFor`).
 */
export function ethanolSheet(
  name: string,
  overrides: { flashPoint?: string; cas?: string; ec?: string } = {},
): string[] {
  return [
    'SICHERHEITSDATENBLATT gemäß Verordnung (EG) Nr. 1907/2006',
    'ABSCHNITT 1: Bezeichnung des Stoffs bzw. des Gemischs und des Unternehmens',
    '1.1 Produktidentifikator',
    `Handelsname: ${name}`,
    `CAS-Nr.: ${overrides.cas ?? '64-17-5'}`,
    `EG-Nr.: ${overrides.ec ?? '200-578-6'}`,
    '1.3 Einzelheiten zum Lieferanten, der das Sicherheitsdatenblatt bereitstellt',
    'Hersteller/Lieferant: Chemiehandel Muster GmbH',
    'Industriestraße 5, 12345 Musterstadt',
    '1.4 Notrufnummer: +49 30 19240 (Giftnotruf Berlin)',
    'ABSCHNITT 2: Mögliche Gefahren',
    '2.2 Kennzeichnungselemente',
    'Signalwort: Gefahr',
    'Gefahrenhinweise: H225 Flüssigkeit und Dampf leicht entzündbar. H319 Verursacht schwere Augenreizung.',
    'Sicherheitshinweise: P210 Von Hitze fernhalten. P233 Behälter dicht verschlossen halten.',
    'P303 + P361 + P353 BEI BERÜHRUNG MIT DER HAUT (oder dem Haar): Alle kontaminierten Kleidungsstücke sofort ausziehen.',
    'ABSCHNITT 3: Zusammensetzung/Angaben zu Bestandteilen',
    '3.1 Stoffe: Ethanol',
    'ABSCHNITT 4: Erste-Hilfe-Maßnahmen',
    'Nach Einatmen: Frischluft.',
    'ABSCHNITT 5: Maßnahmen zur Brandbekämpfung',
    'ABSCHNITT 6: Maßnahmen bei unbeabsichtigter Freisetzung',
    'ABSCHNITT 7: Handhabung und Lagerung',
    'Lagerklasse (TRGS 510): 3',
    'ABSCHNITT 8: Begrenzung und Überwachung der Exposition/Persönliche Schutzausrüstungen',
    'ABSCHNITT 9: Physikalische und chemische Eigenschaften',
    'Aggregatzustand: flüssig',
    `Flammpunkt: ${overrides.flashPoint ?? '13'} °C`,
    'Siedepunkt/Siedebereich: 78.3 °C',
    'Dichte: 0,789 g/cm³ bei 20 °C',
    'pH-Wert: 7',
    'ABSCHNITT 10: Stabilität und Reaktivität',
    'ABSCHNITT 11: Toxikologische Angaben',
    'ABSCHNITT 12: Umweltbezogene Angaben',
    'Wassergefährdungsklasse: WGK 1',
    'ABSCHNITT 13: Hinweise zur Entsorgung',
    'ABSCHNITT 14: Angaben zum Transport',
    'UN-Nummer: UN 1170',
    'ABSCHNITT 15: Rechtsvorschriften',
    'ABSCHNITT 16: Sonstige Angaben',
  ];
}
