import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-document-file.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 name, falls back to the plain one and to the given name', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="_bersicht.pdf"; filename*=UTF-8''%C3%9Cbersicht%20f%C3%BCr%20Pr%C3%BCfer.pdf`,
        'x',
      ),
    ).toBe('Übersicht für Prüfer.pdf');
    expect(fileNameFromDisposition('attachment; filename="plain.pdf"', 'x')).toBe('plain.pdf');
    expect(fileNameFromDisposition(null, 'fallback.pdf')).toBe('fallback.pdf');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'kaputt.pdf')).toBe('kaputt.pdf');
  });
});
