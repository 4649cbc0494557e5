import { describe, expect, it } from 'vitest';
import { compactLayout } from './compact-columns.ts';
import { nextRowIndex } from './list-keyboard.ts';

describe('list keyboard', () => {
  it('moves one row with the arrows and stays inside the list', () => {
    expect(nextRowIndex('ArrowDown', 0, 10, 5)).toBe(1);
    expect(nextRowIndex('ArrowUp', 0, 10, 5)).toBe(0);
    expect(nextRowIndex('ArrowDown', 9, 10, 5)).toBe(9);
  });

  it('jumps a screen with Page Up/Down and to the ends with Home/End', () => {
    expect(nextRowIndex('PageDown', 0, 100, 10)).toBe(9);
    expect(nextRowIndex('PageUp', 5, 100, 10)).toBe(0);
    expect(nextRowIndex('End', 3, 100, 10)).toBe(99);
    expect(nextRowIndex('Home', 50, 100, 10)).toBe(0);
  });

  it('ignores other keys and empty lists', () => {
    expect(nextRowIndex('Enter', 3, 10, 5)).toBeNull();
    expect(nextRowIndex('ArrowDown', 0, 0, 5)).toBeNull();
  });
});

describe('compact layout', () => {
  it('puts the first undeclared column on the first line and the rest on the second', () => {
    const columns = [
      { id: 'select', compact: 'leading' as const },
      { id: 'lastName' },
      { id: 'firstName' },
      { id: 'number' },
      { id: 'actions', compact: 'trailing' as const },
    ];
    const layout = compactLayout(columns);
    expect(layout.leading.map((c) => c.id)).toEqual(['select']);
    expect(layout.primary.map((c) => c.id)).toEqual(['lastName']);
    expect(layout.secondary.map((c) => c.id)).toEqual(['firstName', 'number']);
    expect(layout.trailing.map((c) => c.id)).toEqual(['actions']);
  });

  it('follows declared placements and drops hidden columns', () => {
    const layout = compactLayout([
      { id: 'number', compact: 'secondary' as const },
      { id: 'lastName', compact: 'primary' as const },
      { id: 'firstName', compact: 'primary' as const },
      { id: 'department', compact: 'hidden' as const },
      { id: 'location' },
    ]);
    expect(layout.primary.map((c) => c.id)).toEqual(['lastName', 'firstName']);
    expect(layout.secondary.map((c) => c.id)).toEqual(['number', 'location']);
  });

  it('puts button columns declared as actions on a line of their own', () => {
    // Meine Aufgaben: title, kind, due date, person, then the buttons.
    const layout = compactLayout([
      { id: 'title' },
      { id: 'kind' },
      { id: 'dueDate' },
      { id: 'buttons', compact: 'actions' as const },
    ]);
    expect(layout.primary.map((c) => c.id)).toEqual(['title']);
    expect(layout.secondary.map((c) => c.id)).toEqual(['kind', 'dueDate']);
    expect(layout.actions.map((c) => c.id)).toEqual(['buttons']);
    expect(layout.trailing).toEqual([]);
  });
});
