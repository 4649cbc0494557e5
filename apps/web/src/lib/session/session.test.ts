import { describe, expect, it } from 'vitest';
import { formatEmployeeName, safeRedirectTarget } from './session.tsx';

describe('formatEmployeeName', () => {
  it('shows last name, first name (personnel number)', () => {
    expect(formatEmployeeName({ lastName: 'Meier', firstName: 'Anna', personnelNumber: '4711' })).toBe(
      'Meier, Anna (4711)',
    );
  });

  it('leaves out missing parts', () => {
    expect(formatEmployeeName({ lastName: 'Meier', firstName: null, personnelNumber: null })).toBe('Meier');
    expect(formatEmployeeName({ lastName: 'Meier', firstName: 'Anna', personnelNumber: '' })).toBe(
      'Meier, Anna',
    );
    expect(formatEmployeeName({ lastName: null, firstName: 'Anna', personnelNumber: '7' })).toBe('Anna (7)');
    expect(formatEmployeeName({ lastName: ' ', firstName: null, personnelNumber: '7' })).toBe('(7)');
    expect(formatEmployeeName({ lastName: null, firstName: null, personnelNumber: null })).toBe('');
    expect(formatEmployeeName(null)).toBe('');
  });
});

describe('safeRedirectTarget', () => {
  it('accepts application paths only', () => {
    expect(safeRedirectTarget('/employee/list?x=1')).toBe('/employee/list?x=1');
    expect(safeRedirectTarget('//evil.example')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('/\\evil')).toBeNull();
    expect(safeRedirectTarget('/login')).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
  });
});
