import { describe, expect, it } from 'vitest';
import { ethanolSheet, imageOnlyPdf, textPdf } from './sds-pdf.fixture.ts';
import { extractPdfText, readSds, splitSections, statementCodes } from './sds-pdf.ts';

describe('SDS PDF reading (decision 049)', () => {
  it('reads the 16 sections and every proposed field of a German data sheet', async () => {
    const text = await extractPdfText(await textPdf(ethanolSheet('Ethanol 96 % vergällt')));
    expect(text).not.toBeNull();
    const reading = readSds(text as string);
    expect(reading.sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(reading.proposals).toEqual({
      designation: 'Ethanol 96 % vergällt',
      casNumber: '64-17-5',
      ecNumber: '200-578-6',
      statements: ['H225', 'H319', 'P210', 'P233', 'P303+P361+P353'],
      signalWord: 'Gefahr',
      storageClass: '3',
      flashPoint: '13',
      boilingPoint: '78,3',
      density: '0,789',
      ph: '7',
      waterHazardClass: '1',
      unNumber: '1170',
      physicalState: 'liquid',
      manufacturerName: 'Chemiehandel Muster GmbH',
      manufacturerEmergencyPhone: '+49 30 19240',
    });
  });

  it('recognises numbered headings without „ABSCHNITT“ and refuses numbers with a wrong check digit', async () => {
    const text = await extractPdfText(
      await textPdf([
        '1. Stoff-/Zubereitungs- und Firmenbezeichnung',
        'Produktname: Aceton rein',
        'CAS-Nummer: 67-64-2',
        'EINECS: 200-662-2',
        '2. Mögliche Gefahren',
        'Signalwort: Achtung',
        'H336 EUH066',
        '3. Zusammensetzung/Angaben zu Bestandteilen',
        '9. Physikalische und chemische Eigenschaften',
        'Flammpunkt: < -20 °C',
        'Siedebeginn: 56 °C',
        '12. Umweltbezogene Angaben',
        'nicht wassergefährdend',
      ]),
    );
    const reading = readSds(text as string);
    expect(reading.sections).toEqual([1, 2, 3, 9, 12]);
    // 67-64-2 has a wrong check digit (67-64-1 is right): not proposed; the EC number is right.
    expect(reading.proposals.casNumber).toBeUndefined();
    expect(reading.proposals.ecNumber).toBe('200-662-2');
    expect(reading.proposals).toMatchObject({
      designation: 'Aceton rein',
      statements: ['H336', 'EUH066'],
      signalWord: 'Achtung',
      boilingPoint: '56',
      waterHazardClass: 'nwg',
    });
    // A bound („< -20 °C“) is no value to take over.
    expect(reading.proposals.flashPoint).toBeUndefined();
  });

  it('finds no text in an image-only (scanned) PDF and none in a damaged file', async () => {
    const text = await extractPdfText(await imageOnlyPdf());
    expect(text?.trim()).toBe('');
    expect(await extractPdfText(new TextEncoder().encode('kein PDF'))).toBeNull();
  });

  it('splits sections only in ascending order and keeps combined P codes', () => {
    const sections = splitSections('ABSCHNITT 2: Mögliche Gefahren\nH225\nABSCHNITT 1: Bezeichnung\nx');
    expect([...sections.keys()]).toEqual([2]);
    expect(statementCodes('P301 + P310, P305+P351+P338 und H360Fd')).toEqual([
      'P301+P310',
      'P305+P351+P338',
      'H360Fd',
    ]);
  });
});
