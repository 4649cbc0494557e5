import { checkPassword, type PasswordPolicy } from '@schutzwerk/shared/auth/password-policy.ts';
import { securitySettings } from '@schutzwerk/shared/settings/security.settings.ts';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, LOST_PASSWORD_MAIL } from './lost-password.ts';
import { generateCompliantPassword, isCommonPassword } from './password-policy.service.ts';

describe('common passwords', () => {
  it('knows the top of the list, case-insensitively, and not a strong password', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('q1w2e3r4t5')).toBe(true);
    expect(isCommonPassword('Sicher-Neu-2026!')).toBe(false);
  });
});

describe('generateCompliantPassword', () => {
  const policies: PasswordPolicy[] = [
    securitySettings.defaults,
    { ...securitySettings.defaults, minLength: 30, maxLength: 30, minSpecial: 5, minDigits: 5 },
    {
      ...securitySettings.defaults,
      minLength: 8,
      maxLength: 8,
      minUppercase: 2,
      minLowercase: 2,
      minDigits: 2,
      minSpecial: 2,
      allowedSpecials: '#',
    },
    { ...securitySettings.defaults, minSpecial: 0, allowedSpecials: '' },
  ];
  it('satisfies every policy it is given', () => {
    for (const policy of policies) {
      for (let i = 0; i < 20; i++) {
        const password = generateCompliantPassword(policy);
        expect(checkPassword(password, policy, { isCommon: isCommonPassword })).toEqual([]);
      }
    }
  });
});

describe('lost-password mail text', () => {
  it('fills every placeholder and leaves unknown ones visible', () => {
    const text = fillPlaceholders(LOST_PASSWORD_MAIL.text, {
      firstName: 'Erika',
      lastName: 'Muster',
      username: 'e.muster',
      password: 'Abc-123-xyz!Q',
      validUntil: '23.11.26 14:00',
      url: 'https://schutzwerk.example',
    });
    expect(text).toContain('Guten Tag Erika Muster,');
    expect(text).toContain('e.muster');
    expect(text).toContain('    Abc-123-xyz!Q');
    expect(text).toContain('bis 23.11.26 14:00 Uhr');
    expect(text).not.toMatch(/\{\w+\}/);
    expect(fillPlaceholders('{x}', {})).toBe('{x}');
  });
});
