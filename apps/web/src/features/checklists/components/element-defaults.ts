import type { ChecklistElement, ElementType } from '@schutzwerk/shared/checklists/checklists.schema.ts';

/** A new element of a type, with settings a user can change right away. */
export function defaultElement(type: ElementType, label: string): ChecklistElement {
  switch (type) {
    case 'checkbox':
      return { type, label, required: false, variable: null };
    case 'dropdown':
    case 'radio':
      return { type, label, required: false, options: ['Ja', 'Nein'] };
    case 'date':
    case 'textarea':
    case 'employee':
      return { type, label, required: false };
    case 'number':
      return { type, label, required: false, kind: 'float', min: null, max: null, variable: null };
    case 'slider':
      return { type, label, required: false, min: 0, max: 10, step: 1, variable: null };
    case 'text':
      return { type, label, required: false, maxLength: 200 };
    case 'total':
      return { type, label, required: false, formula: '0', fractionDigits: 2, variable: null };
    case 'tree':
      return {
        type,
        label,
        required: false,
        nodes: [
          { label: 'Bereich A', depth: 0 },
          { label: 'Teil 1', depth: 1 },
          { label: 'Bereich B', depth: 0 },
        ],
      };
    case 'countdown':
      return { type, label, required: false, minutes: 10 };
    case 'timer':
    case 'image':
    case 'drawing':
      return { type, label, required: false };
    case 'task':
      return { type, label, required: false, designation: label };
    case 'documents':
      return { type, label, required: false };
    case 'sql':
      return { type, label, required: false, query: 'select count(*) from employees' };
  }
}

/** A tree's nodes as indented text: two spaces per level, one node per line. */
export const treeText = (nodes: readonly { label: string; depth: number }[]) =>
  nodes.map((n) => `${'  '.repeat(n.depth)}${n.label}`).join('\n');

/** Indented text back to nodes (blank lines dropped; the depth is the leading spaces halved). */
export const treeNodes = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({
      label: line.trim(),
      depth: Math.floor((line.length - line.trimStart().length) / 2),
    }));
