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
  }
}
