import { describe, expect, it } from 'vitest';
import { createSubstanceSchema, updateSubstanceSchema } from './substances.schema.ts';

/** A whole-record update body built from the create defaults. */
function whole(change: Record<string, unknown>) {
  return { ...createSubstanceSchema.parse({ designation: 'Aceton' }), version: 1, ...change };
}
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } | undefined }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('substance schemas', () => {
  it('keeps every field rule in the whole-record update (decision 024 strips only defaults)', () => {
    expect(paths(updateSubstanceSchema.safeParse(whole({ casNumber: '67-64-2' })))).toEqual(['casNumber']);
    expect(paths(updateSubstanceSchema.safeParse(whole({ ecNumber: '200-662-3' })))).toEqual(['ecNumber']);
    expect(paths(updateSubstanceSchema.safeParse(whole({ boilingPoint: 'heiß' })))).toEqual(['boilingPoint']);
    expect(paths(updateSubstanceSchema.safeParse(whole({ density: '0,7891' })))).toEqual(['density']);
    expect(paths(updateSubstanceSchema.safeParse(whole({ wasteKey1: '070104' })))).toEqual([]);
    expect(paths(updateSubstanceSchema.safeParse(whole({ wasteKey1: '0701' })))).toEqual(['wasteKey1']);
    expect(paths(updateSubstanceSchema.safeParse(whole({ unNumber: '117' })))).toEqual(['unNumber']);
    expect(paths(updateSubstanceSchema.safeParse(whole({ storageClass: '9' })))).toEqual(['storageClass']);
  });
  it('requires every field in the update', () => {
    const { synonym: _left, ...body } = whole({});
    expect(paths(updateSubstanceSchema.safeParse(body))).toEqual(['synonym']);
  });
  it('checks ingredients: name, CAS check digit, percentages', () => {
    const result = createSubstanceSchema.safeParse({
      designation: 'Gemisch',
      ingredients: [
        { name: '', casNumber: '64-17-5' },
        { name: 'Ethanol', casNumber: '64-17-4', percentMin: '60', percentMax: '40' },
      ],
    });
    expect(paths(result)).toEqual([
      'ingredients.0.name',
      'ingredients.1.casNumber',
      'ingredients.1.percentMax',
    ]);
  });
});
