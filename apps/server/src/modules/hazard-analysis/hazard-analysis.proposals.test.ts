import { describe, expect, it } from 'vitest';
import {
  adoptedBrickActions,
  brickActionOrigin,
  brickActionProposal,
  DESIGNATION_MAX,
} from './hazard-analysis.proposals.ts';

describe('brickActionProposal', () => {
  it('takes the measure as designation, names the origin and the STOP level of the identifier', () => {
    expect(
      brickActionProposal('M-01', {
        identifier: 'T1',
        description: ' Gefahrstellen durch trennende Schutzeinrichtungen sichern. ',
      }),
    ).toEqual({
      designation: 'Gefahrstellen durch trennende Schutzeinrichtungen sichern.',
      description: 'Vorschlag aus dem Gefährdungsbaustein M-01, Maßnahme T1.',
      type: 'technical',
    });
    expect(brickActionProposal('X', { identifier: 's', description: 'a' }).type).toBe('substitution');
    expect(brickActionProposal('X', { identifier: 'O12', description: 'a' }).type).toBe('organisational');
    expect(brickActionProposal('X', { identifier: 'P', description: 'a' }).type).toBe('personal');
  });

  it('gives no type for identifiers outside the S/T/O/P convention', () => {
    for (const identifier of ['A1', 'T-1', 'Prüfung', '1', 'TO1'])
      expect(brickActionProposal('X', { identifier, description: 'a' }).type, identifier).toBeNull();
  });

  it('cuts a designation that is too long and keeps the full text in the description', () => {
    const long = `${'Wort '.repeat(150)}Ende`;
    const p = brickActionProposal('G-01', { identifier: 'O1', description: long });
    expect(p.designation).toHaveLength(DESIGNATION_MAX);
    expect(p.designation.endsWith('…')).toBe(true);
    expect(p.description).toBe(`Vorschlag aus dem Gefährdungsbaustein G-01, Maßnahme O1.\n\n${long}`);
  });

  it('joins line breaks of the catalogue text into one designation line', () => {
    expect(
      brickActionProposal('X', { identifier: 'O1', description: 'Erste Zeile\nzweite Zeile' }).designation,
    ).toBe('Erste Zeile zweite Zeile');
  });
});

describe('adoptedBrickActions', () => {
  const chosen = [
    { id: 1, brickIdentifier: 'M-01', identifier: 'T1', description: 'Schutzeinrichtung anbringen.' },
    { id: 2, brickIdentifier: 'M-01', identifier: 'O1', description: 'Unterweisen.' },
    { id: 3, brickIdentifier: 'M-01', identifier: 'P1', description: 'Kleidung tragen.' },
  ];

  it('finds the chosen measures a hazard already has: by provenance line or by the same designation', () => {
    const existing = [
      // adopted, then renamed by the user: the provenance still names it
      {
        designation: 'Schutzgitter an der Walze',
        description: `${brickActionOrigin('M-01', 'T1')}\n\nGeprüft.`,
      },
      // written by hand with the measure's text
      { designation: 'Unterweisen.', description: '' },
      // another brick's measure with the same identifier does not count
      { designation: 'Etwas anderes', description: brickActionOrigin('G-01', 'P1') },
    ];
    expect(adoptedBrickActions(existing, chosen).map((a) => a.id)).toEqual([1, 2]);
    expect(adoptedBrickActions([], chosen)).toEqual([]);
  });
});
