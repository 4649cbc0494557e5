import { describe, expect, it } from 'vitest';
import { contentDisposition } from './documents.routes.ts';
import { addDays } from './documents.service.ts';

describe('documents helpers', () => {
  it('Content-Disposition: ASCII fallback and RFC 5987 filename*', () => {
    expect(contentDisposition('Prüfbericht "Regal" (1).pdf')).toBe(
      `attachment; filename="Pr_fbericht _Regal_ (1).pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%22Regal%22%20%281%29.pdf`,
    );
  });

  it('addDays works on calendar dates across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 365)).toBe('2027-12-31');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
