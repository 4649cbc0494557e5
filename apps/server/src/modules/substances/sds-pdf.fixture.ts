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

/**
 * A paint-thinner-like mixture with the tables of sections 3, 8, 13 and 14 as they arrive from a PDF:
 * rows on one line, rows split over several lines (name / numbers / „%“), labelled rows, a row with a wrong
 * CAS check digit (`1330-20-8`), DNEL values that are no exposure limits, and a header row for transport.
 */
export function thinnerSheet(name: string, overrides: { cas?: string } = {}): string[] {
  return [
    'SICHERHEITSDATENBLATT gemäß Verordnung (EG) Nr. 1907/2006',
    'ABSCHNITT 1: Bezeichnung des Stoffs bzw. des Gemischs und des Unternehmens',
    `Handelsname: ${name}`,
    'Hersteller/Lieferant: Lackwerke Beispiel AG',
    'ABSCHNITT 2: Mögliche Gefahren',
    'Signalwort: Achtung',
    'H226 Flüssigkeit und Dampf entzündbar. H336 Kann Schläfrigkeit und Benommenheit verursachen.',
    'ABSCHNITT 3: Zusammensetzung/Angaben zu Bestandteilen',
    '3.2 Gemische',
    'Gefährliche Inhaltsstoffe',
    'Chemische Bezeichnung CAS-Nr. EG-Nr. Gehalt [%] Einstufung gemäß (EG) 1272/2008',
    `n-Butylacetat ${overrides.cas ?? '123-86-4'} 204-658-1 25 - < 50 Flam. Liq. 3, H226; STOT SE 3, H336`,
    'Xylol (Isomerengemisch)',
    '1330-20-7 215-535-7 10 - < 25',
    '%',
    'Flam. Liq. 3, H226; Acute Tox. 4, H312, H332; Skin Irrit. 2, H315',
    'Ethylbenzol',
    'CAS-Nr.: 100-41-4',
    'EG-Nr.: 202-849-4',
    'Index-Nr.: 601-023-00-4',
    'REACH-Nr.: 01-2119489370-35-XXXX',
    'Gehalt: ≥ 2,5 – < 10 %',
    'Flam. Liq. 2, H225; Asp. Tox. 1, H304; STOT RE 2, H373',
    'Toluol-Verunreinigung 1330-20-8 < 1 %',
    'Wortlaut der H-Sätze: siehe Abschnitt 16.',
    'ABSCHNITT 4: Erste-Hilfe-Maßnahmen',
    'ABSCHNITT 5: Maßnahmen zur Brandbekämpfung',
    'ABSCHNITT 6: Maßnahmen bei unbeabsichtigter Freisetzung',
    'ABSCHNITT 7: Handhabung und Lagerung',
    'Lagerklasse (TRGS 510): 3',
    'ABSCHNITT 8: Begrenzung und Überwachung der Exposition/Persönliche Schutzausrüstungen',
    '8.1 Zu überwachende Parameter',
    'Arbeitsplatzgrenzwerte (TRGS 900)',
    'Stoff CAS-Nr. Art Wert Einheit',
    'n-Butylacetat 123-86-4 AGW 300 mg/m³ (62 ppm)',
    'Xylol 1330-20-7 AGW: 440',
    'mg/m³',
    'DNEL Arbeitnehmer, inhalativ, langfristig: 480 mg/m³',
    'PNEC Süßwasser: 0,18 mg/l',
    '8.2 Begrenzung und Überwachung der Exposition',
    'Atemschutz bei Überschreitung des AGW: Filter A.',
    'ABSCHNITT 9: Physikalische und chemische Eigenschaften',
    'Aggregatzustand: flüssig',
    'Flammpunkt: 27 °C',
    'ABSCHNITT 10: Stabilität und Reaktivität',
    'ABSCHNITT 11: Toxikologische Angaben',
    'ABSCHNITT 12: Umweltbezogene Angaben',
    'Wassergefährdungsklasse: WGK 2',
    'ABSCHNITT 13: Hinweise zur Entsorgung',
    '13.1 Verfahren der Abfallbehandlung',
    'Abfallschlüssel nach AVV: 08 01 11* Farb- und Lackabfälle, die organische Lösemittel enthalten',
    'Ungereinigte Verpackungen: Abfallschlüssel 150110*',
    'Abfallschlüssel 08 01 11* (wie oben)',
    'ABSCHNITT 14: Angaben zum Transport',
    '14.1 UN-Nummer',
    'ADR/RID: UN 1263 IMDG: UN 1263 IATA: UN 1263',
    '14.2 Ordnungsgemäße UN-Versandbezeichnung: FARBE',
    '14.3 Transportgefahrenklassen',
    'ADR/RID IMDG IATA',
    '3 3 3',
    '14.4 Verpackungsgruppe: III',
    'Beförderungskategorie: 3',
    'Tunnelbeschränkungscode: D/E',
    'ABSCHNITT 15: Rechtsvorschriften',
    'ABSCHNITT 16: Sonstige Angaben',
  ];
}
