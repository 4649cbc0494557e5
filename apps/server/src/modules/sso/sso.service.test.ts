import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './sso.service.ts';

describe('safeReturnPath', () => {
  it('keeps paths of this application', () => {
    expect(safeReturnPath('/employee/list?search=M%C3%BCller#x')).toBe('/employee/list?search=M%C3%BCller#x');
  });

  it('turns everything else into /', () => {
    for (const value of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login/sso',
      '/a\nb',
    ])
      expect(safeReturnPath(value)).toBe('/');
  });
});
