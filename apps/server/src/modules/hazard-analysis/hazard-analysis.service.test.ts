import { describe, expect, it } from 'vitest';
import { brickInUse, factorMenuInUse } from './hazard-analysis.adapters.ts';
import { dataTableStatus } from './hazard-analysis.service.ts';

describe('hazard-analysis service helpers', () => {
  it("the DataTable's status filter: a JSON text with a known status, anything else none", () => {
    expect(dataTableStatus('{"status":"active"}')).toBe('active');
    expect(dataTableStatus('{"status":"released"}')).toBe('released');
    expect(dataTableStatus(' ')).toBeUndefined();
    expect(dataTableStatus('{"status":"deleted"}')).toBeUndefined();
    expect(dataTableStatus('status=active')).toBeUndefined();
  });

  it('usage guards name the number of assessments, and none when unused', () => {
    expect(factorMenuInUse(0)).toBeNull();
    expect(factorMenuInUse(2)).toContain('in 2 Gefährdungsbeurteilung(en) verwendet');
    expect(brickInUse(0)).toBeNull();
    expect(brickInUse(1)).toContain('Der Gefährdungsbaustein wird in 1 Gefährdungsbeurteilung(en) verwendet');
  });
});
