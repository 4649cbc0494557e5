import { describe, expect, it } from 'vitest';
import {
  placeholdersIn,
  renderHtml,
  renderSubject,
  renderText,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from './mail-template.ts';

describe('mail templates', () => {
  it('finds placeholders with or without spaces and flags unknown ones', () => {
    expect(placeholdersIn('{{firstName}} {{ lastName }} {{firstName}}')).toEqual(['firstName', 'lastName']);
    expect(unknownPlaceholders('{{firstName}} {{vorname}} {{__proto__}}')).toEqual(['vorname', '__proto__']);
    expect(unknownPlaceholderMessage('Hallo {{vorname}}')).toMatch(
      /^Unbekannter Platzhalter: \{\{vorname\}\}\. Erlaubt sind \{\{company\}\}/,
    );
    expect(unknownPlaceholderMessage('{{a}} {{b}}')).toMatch(/^Unbekannte Platzhalter: \{\{a\}\}, \{\{b\}\}/);
    expect(unknownPlaceholderMessage('Hallo {{firstName}}')).toBeNull();
  });

  it('fills values once, without evaluating anything', () => {
    expect(renderText('Hallo {{firstName}} {{lastName}}!', { firstName: '{{password}}' })).toBe(
      'Hallo {{password}} !',
    );
    expect(renderText('{{ constructor }} {{toString}}', {})).toBe('{{ constructor }} {{toString}}');
    expect(renderSubject('Hallo\n{{firstName}}', { firstName: 'A\r\nB' })).toBe('Hallo A B');
  });

  it('escapes text and values in the HTML part and keeps line breaks', () => {
    const html = renderHtml('A & B <{{firstName}}>\nZeile 2\n\nAbsatz', { firstName: '<script>x</script>' });
    expect(html).toContain(
      '<p>A &amp; B &lt;&lt;script&gt;x&lt;/script&gt;&gt;<br>\nZeile 2</p>\n<p>Absatz</p>',
    );
    expect(html).not.toContain('<script>');
  });
});
