import { describe, expect, it } from 'vitest';
import { ethanolSheet, imageOnlyPdf, textPdf, thinnerSheet } from './sds-pdf.fixture.ts';
import {
  extractPdfText,
  percentRange,
  readSds,
  readTransport,
  readWasteKeys,
  splitSections,
  statementCodes,
} from './sds-pdf.ts';

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

describe('SDS sections 3, 8, 13 and 14 (decision 055)', () => {
  it('reads ingredients, exposure limits, waste keys and transport from flattened tables', async () => {
    const text = await extractPdfText(await textPdf(thinnerSheet('Verdünnung V 100')));
    const p = readSds(text as string).proposals;
    expect(p.ingredients).toEqual([
      {
        name: 'n-Butylacetat',
        casNumber: '123-86-4',
        ecNumber: '204-658-1',
        percentMin: '25',
        percentMax: '50',
        formula: '',
        classification: 'H226, H336',
      },
      {
        name: 'Xylol (Isomerengemisch)',
        casNumber: '1330-20-7',
        ecNumber: '215-535-7',
        percentMin: '10',
        percentMax: '25',
        formula: '',
        classification: 'H226, H312, H332, H315',
      },
      {
        name: 'Ethylbenzol',
        casNumber: '100-41-4',
        ecNumber: '202-849-4',
        percentMin: '2,5',
        percentMax: '10',
        formula: '',
        classification: 'H225, H304, H373',
      },
      // 1330-20-8 has a wrong check digit: the row stays, the number is left out.
      {
        name: 'Toluol-Verunreinigung',
        casNumber: '',
        ecNumber: '',
        percentMin: '',
        percentMax: '1',
        formula: '',
        classification: '',
      },
    ]);
    expect(p.exposureLimits).toEqual([
      { basis: 'AGW (TRGS 900)', value: '300', unit: 'mg/m³', info: 'n-Butylacetat (CAS 123-86-4)' },
      { basis: 'AGW (TRGS 900)', value: '62', unit: 'ml/m³', info: 'n-Butylacetat (CAS 123-86-4)' },
      { basis: 'AGW (TRGS 900)', value: '440', unit: 'mg/m³', info: 'Xylol (CAS 1330-20-7)' },
    ]);
    expect(p).toMatchObject({
      wasteKey1: '08 01 11*',
      wasteKey2: '15 01 10*',
      adrRid: '3',
      imdg: '3',
      iata: '3',
      transportCategory: 3,
      unNumber: '1263',
    });
    expect(p.wasteKey3).toBeUndefined();
  });

  it('reads labelled transport lines and percentages in their usual spellings', () => {
    expect(
      readTransport(
        [
          '14.1 UN-Nummer: UN 1170',
          '14.3 Transportgefahrenklassen',
          'ADR/RID-Klasse: 3',
          'IMDG-Code: 3',
          'ICAO-TI/IATA-DGR: 3',
          '14.4 Verpackungsgruppe II',
          'Beförderungskategorie (ADR): 2',
        ].join('\n'),
      ),
    ).toEqual({ adrRid: '3', imdg: '3', iata: '3', transportCategory: 2 });
    expect(percentRange('≥ 10 - < 25 %')).toEqual({ percentMin: '10', percentMax: '25' });
    expect(percentRange('> 90 %')).toEqual({ percentMin: '90', percentMax: '' });
    expect(percentRange('12,5 %')).toEqual({ percentMin: '12,5', percentMax: '12,5' });
    expect(percentRange('1 bis 5')).toEqual({ percentMin: '1', percentMax: '5' });
    expect(readWasteKeys('Entsorgung gemäß Vorschriften. Telefon 030 123456')).toEqual([]);
  });

  it('proposes nothing from sections without tables and keeps a substance sheet free of ingredients', async () => {
    const text = await extractPdfText(await textPdf(ethanolSheet('Ethanol absolut')));
    const p = readSds(text as string).proposals;
    expect(p.ingredients).toBeUndefined();
    expect(p.exposureLimits).toBeUndefined();
    expect(p.wasteKey1).toBeUndefined();
    expect(p.adrRid).toBeUndefined();
  });
});
