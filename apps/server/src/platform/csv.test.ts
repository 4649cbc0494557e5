import { describe, expect, it } from 'vitest';
import { CsvError, decodeText, detectSeparator, parseCsv, parseGermanDate } from './csv.ts';

/** Windows-1252 bytes of a text (its Latin-1 part, where both encodings agree). */
const cp1252 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const BOM = [0xef, 0xbb, 0xbf];

describe('decodeText', () => {
  it('reads Windows-1252 umlauts, ß and the euro sign (0x80)', () => {
    const bytes = new Uint8Array([...cp1252('Müller;Weiß;Öl;Ärger;'), 0x80, 0x84, 0x93, 0x96, 0x8a]);
    expect(decodeText(bytes)).toEqual({ encoding: 'windows-1252', text: 'Müller;Weiß;Öl;Ärger;€„“–Š' });
  });

  it('reads UTF-8 with and without BOM (the BOM is dropped)', () => {
    expect(decodeText(new Uint8Array([...BOM, ...utf8('Jürgen;Şule')]))).toEqual({
      encoding: 'utf-8',
      text: 'Jürgen;Şule',
    });
    expect(decodeText(utf8('Jürgen'))).toEqual({ encoding: 'utf-8', text: 'Jürgen' });
    expect(decodeText(utf8('plain ascii')).encoding).toBe('utf-8');
  });
});

describe('parseCsv', () => {
  const opts = { separator: ';', hasHeader: true };

  it('handles quotes with separators, doubled quotes and line breaks inside, with the line a record starts on', () => {
    const file = cp1252(
      'Nr;Name;Bemerkung\r\n1;"Müller; Hans";"sagt ""Hallo"""\r\n2;"Zwei\r\nZeilen";x\r\n3;Drei;y\r\n',
    );
    const parsed = parseCsv(file, opts);
    expect(parsed.encoding).toBe('windows-1252');
    expect(parsed.header).toEqual(['Nr', 'Name', 'Bemerkung']);
    expect(parsed.rows).toEqual([
      { line: 2, cells: ['1', 'Müller; Hans', 'sagt "Hallo"'] },
      { line: 3, cells: ['2', 'Zwei\nZeilen', 'x'] },
      { line: 5, cells: ['3', 'Drei', 'y'] },
    ]);
    expect(parsed.columnCount).toBe(3);
  });

  it('skips empty lines and lines of separators only, keeping the line numbers of the file', () => {
    const parsed = parseCsv(utf8('Nr;Name\n\n1;A\n;;\n\n   \n2;B\n\n'), opts);
    expect(parsed.rows.map((r) => [r.line, r.cells[0]])).toEqual([
      [3, '1'],
      [7, '2'],
    ]);
  });

  it('accepts mixed line endings and rows with fewer or more cells than the header', () => {
    const parsed = parseCsv(utf8('a;b\r\n1\n2;3;4\r5;6'), opts);
    expect(parsed.rows.map((r) => r.cells)).toEqual([['1'], ['2', '3', '4'], ['5', '6']]);
    expect(parsed.columnCount).toBe(3);
  });

  it('keeps formula-looking cells as plain text (nothing is evaluated)', () => {
    const parsed = parseCsv(
      utf8('a;b;c;d\n=SUMME(A1:A9);+49 221 12345;-42;@cmd\n"=1+2";\'=HYPERLINK("x")\';;\n'),
      opts,
    );
    expect(parsed.rows[0]!.cells).toEqual(['=SUMME(A1:A9)', '+49 221 12345', '-42', '@cmd']);
    expect(parsed.rows[1]!.cells[0]).toBe('=1+2');
  });

  it('reads files without a header row and with other separators', () => {
    const parsed = parseCsv(utf8('1,"A, B",C\n2\t3,x\n'), { separator: ',', hasHeader: false });
    expect(parsed.header).toBeNull();
    expect(parsed.rows).toEqual([
      { line: 1, cells: ['1', 'A, B', 'C'] },
      { line: 2, cells: ['2\t3', 'x'] },
    ]);
  });

  it('keeps stray quotes inside unquoted cells (12" Monitor) and reports an unclosed quote in German', () => {
    expect(parseCsv(utf8('a;b\n12" Monitor;x\n'), opts).rows[0]!.cells).toEqual(['12" Monitor', 'x']);
    expect(() => parseCsv(utf8('a;b\n1;"offen\n2;x\n'), opts)).toThrow(CsvError);
    expect(() => parseCsv(utf8('a;b\n1;"offen\n2;x\n'), opts)).toThrow(/Anführungszeichen/);
  });

  it('gives duplicate personnel numbers as separate rows (the service reports them)', () => {
    const parsed = parseCsv(utf8('Nr;Name\n4711;A\n4711;B\n'), opts);
    expect(parsed.rows.map((r) => r.cells[0])).toEqual(['4711', '4711']);
  });
});

describe('values', () => {
  it('reads German dates dd.mm.yyyy and refuses impossible or other formats', () => {
    expect(parseGermanDate('24.12.1985')).toBe('1985-12-24');
    expect(parseGermanDate('1.2.2001')).toBe('2001-02-01');
    expect(parseGermanDate('29.02.2024')).toBe('2024-02-29');
    for (const bad of [
      '29.02.2023',
      '31.04.2020',
      '00.01.2020',
      '1985-12-24',
      '24.12.85',
      '24/12/1985',
      'morgen',
    ]) {
      expect(parseGermanDate(bad), bad).toBeNull();
    }
  });
});

describe('detectSeparator', () => {
  it('takes the separator that occurs most often outside quotes, semicolon by default', () => {
    expect(detectSeparator(utf8('Personalnummer;Name;"Vorsorge, Anlass";Datum\n1;2;3;4'))).toBe(';');
    expect(detectSeparator(utf8('\n"Name; Vorname",Datum,Beurteilung\n'))).toBe(',');
    expect(detectSeparator(utf8('a\tb\tc'))).toBe('\t');
    expect(detectSeparator(utf8('eine Spalte'))).toBe(';');
  });
});
