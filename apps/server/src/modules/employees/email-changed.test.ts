import { describe, expect, it } from 'vitest';
import { maskEmail } from './email-changed.ts';

describe('maskEmail (decision 023)', () => {
  it('keeps the first character and the domain only', () => {
    expect(maskEmail('attacker@evil.example')).toBe('a•••@evil.example');
    expect(maskEmail('  n.neu@beispiel-gmbh.de ')).toBe('n•••@beispiel-gmbh.de');
  });
  it('says "(keine)" for no address and hides a value that is no address', () => {
    expect(maskEmail(null)).toBe('(keine)');
    expect(maskEmail('   ')).toBe('(keine)');
    expect(maskEmail('kein-mail')).toBe('•••');
  });
});
