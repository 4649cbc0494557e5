import { describe, expect, it } from 'vitest';
import {
  checkFactorSelection,
  factorDropdownGroups,
  factorLabel,
  factorPath,
} from './factor-menus.schema.ts';

const menu = {
  registers: [
    {
      id: 1,
      number: '1',
      title: 'Mechanische Gefährdungen',
      dropdown: { offered: true, expanded: false, multiple: false },
      factors: [
        { id: 11, number: '1.1', title: 'Bewegte Teile', legalBasis: 'TRBS 2111', source: 'GDA' },
        { id: 12, number: '1.2', title: 'Absturz', legalBasis: 'ASR A2.1', source: '' },
      ],
    },
    {
      id: 2,
      number: '',
      title: 'Intern',
      dropdown: { offered: false, expanded: true, multiple: true },
      factors: [{ id: 21, number: '', title: 'Sonstiges', legalBasis: '', source: '' }],
    },
  ],
};

describe('factor dropdown', () => {
  it('labels with number and title', () => {
    expect(factorLabel({ number: '1.1', title: 'X' })).toBe('1.1 X');
    expect(factorLabel({ number: '', title: 'X' })).toBe('X');
  });

  it('offers the offered registers with their settings; keeps a register whose factor is selected', () => {
    expect(factorDropdownGroups(menu)).toEqual([
      {
        registerId: 1,
        label: '1 Mechanische Gefährdungen',
        expanded: false,
        multiple: false,
        options: [
          { factorId: 11, label: '1.1 Bewegte Teile', legalBasis: 'TRBS 2111', source: 'GDA' },
          { factorId: 12, label: '1.2 Absturz', legalBasis: 'ASR A2.1', source: '' },
        ],
      },
    ]);
    const kept = factorDropdownGroups(menu, [11, 21]);
    expect(kept.map((g) => [g.registerId, g.expanded])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('checks a selection against the menu and the registers’ multiple setting', () => {
    expect(checkFactorSelection(menu, [11, 21])).toBeNull();
    expect(checkFactorSelection(menu, [11, 12])).toBe(
      'Im Register „1 Mechanische Gefährdungen“ kann nur ein Faktor gewählt werden.',
    );
    expect(checkFactorSelection(menu, [99])).toBe(
      'Der gewählte Faktor gehört nicht zum Faktorenmenü der Gefährdungsbeurteilung.',
    );
  });

  it('names a factor with its register, numbers included where given', () => {
    const [mechanical, internal] = menu.registers;
    expect(factorPath(mechanical!, mechanical!.factors[0]!)).toBe(
      '1 Mechanische Gefährdungen › 1.1 Bewegte Teile',
    );
    expect(factorPath(internal!, { number: '', title: 'Lager' })).toBe('Intern › Lager');
  });
});
