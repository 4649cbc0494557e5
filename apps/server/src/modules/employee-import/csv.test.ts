import { describe, expect, it } from 'vitest';
import { parseFlag, parseGender } from './csv.ts';
import { normaliseHeading, suggestMapping } from './mapping.ts';

describe('values', () => {
  it('reads flags and genders', () => {
    expect([parseFlag('Ja'), parseFlag('x'), parseFlag('1'), parseFlag(''), parseFlag('nein')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(parseFlag('vielleicht')).toBeNull();
    expect([parseGender('W'), parseGender('männlich'), parseGender('divers'), parseGender('?')]).toEqual([
      'w',
      'm',
      'd',
      null,
    ]);
  });

  it('suggests a mapping from German headings', () => {
    expect(normaliseHeading('Personal-Nr.')).toBe('personalnr');
    expect(
      suggestMapping(['Personal-Nr.', 'Name', 'Vorname', 'Kennwort', 'E-Mail-Adresse', 'Geburtstag', 'Egal']),
    ).toEqual({
      personnelNumber: 0,
      lastName: 1,
      firstName: 2,
      password: 3,
      email: 4,
      birthday: 5,
    });
    expect(suggestMapping(null)).toEqual({});
  });
});
