import { describe, expect, it } from 'vitest';
import {
  checkFactorSelection,
  factorDropdownGroups,
  factorLabel,
  factorPath,
  factorPathsIn,
  toggleFactorSelection,
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
    // Register 2 is not offered: usable only when the hazard already has a factor of it.
    expect(checkFactorSelection(menu, [11, 21], [21])).toBeNull();
    expect(checkFactorSelection(menu, [11, 21])).toEqual({
      code: 'FACTOR_MENU_REGISTER_NOT_OFFERED',
      message:
        'Das Register „Intern“ wird im Faktorenmenü nicht zur Auswahl angeboten; seine Faktoren können nicht neu gewählt werden.',
    });
    expect(checkFactorSelection(menu, [11, 12])).toEqual({
      code: 'FACTOR_MENU_FACTOR_NOT_MULTIPLE',
      message:
        'Im Register „1 Mechanische Gefährdungen“ kann nur ein Faktor gewählt werden („Mehrere Faktoren wählbar“ ist nicht eingestellt).',
    });
    expect(checkFactorSelection(menu, [99])).toEqual({
      code: 'FACTOR_MENU_FACTOR_INVALID',
      message: 'Der gewählte Faktor gehört nicht zum Faktorenmenü der Gefährdungsbeurteilung.',
    });
    expect(checkFactorSelection(menu, [11, 11])?.code).toBe('FACTOR_MENU_FACTOR_INVALID');
    expect(checkFactorSelection(menu, [])).toBeNull();
  });

  it('checks several factors of a register that allows several', () => {
    const multi = {
      registers: [
        {
          ...menu.registers[0]!,
          dropdown: { offered: true, expanded: false, multiple: true },
        },
      ],
    };
    expect(checkFactorSelection(multi, [11, 12])).toBeNull();
    expect(factorPathsIn(multi, [12, 11, 99])).toEqual([
      '1 Mechanische Gefährdungen › 1.2 Absturz',
      '1 Mechanische Gefährdungen › 1.1 Bewegte Teile',
    ]);
    expect(factorPathsIn(undefined, [11])).toEqual([]);
  });

  it('toggles a factor: several in a multiple register, one replaces the other in a single register', () => {
    const multi = { ...menu.registers[1]!, options: [], multiple: true };
    const [mechanical] = factorDropdownGroups(menu);
    expect(toggleFactorSelection(menu, [], mechanical!, 12)).toEqual([12]);
    expect(toggleFactorSelection(menu, [12], mechanical!, 11)).toEqual([11]);
    expect(toggleFactorSelection(menu, [11], mechanical!, 11)).toEqual([]);
    // Several in a multiple register, kept in menu order; other registers' factors stay.
    expect(toggleFactorSelection(menu, [21], mechanical!, 12)).toEqual([12, 21]);
    expect(toggleFactorSelection(menu, [12], multi, 21)).toEqual([12, 21]);
    expect(toggleFactorSelection(menu, [12, 21], multi, 21)).toEqual([12]);
  });

  it('names a factor with its register, numbers included where given', () => {
    const [mechanical, internal] = menu.registers;
    expect(factorPath(mechanical!, mechanical!.factors[0]!)).toBe(
      '1 Mechanische Gefährdungen › 1.1 Bewegte Teile',
    );
    expect(factorPath(internal!, { number: '', title: 'Lager' })).toBe('Intern › Lager');
  });
});
