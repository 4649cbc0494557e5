import { describe, expect, it } from 'vitest';
import { securitySettings } from '../settings/security.settings.ts';
import {
  checkPassword,
  countPasswordCharacters,
  describePasswordPolicy,
  type PasswordPolicy,
} from './password-policy.ts';

const policy: PasswordPolicy = {
  minLength: 10,
  maxLength: 12,
  minUppercase: 2,
  minLowercase: 2,
  minDigits: 2,
  minSpecial: 2,
  allowedSpecials: '!-',
  refuseCommon: true,
};

describe('checkPassword', () => {
  it('accepts a password that meets every rule exactly at the boundaries', () => {
    expect(checkPassword('ABcd12!-xy', policy)).toEqual([]); // 10 characters
    expect(checkPassword('ABcd12!-xyzw', policy)).toEqual([]); // 12 characters
  });

  it('length: one below the minimum and one above the maximum', () => {
    expect(checkPassword('ABcd12!-x', policy)).toEqual([
      'Das Passwort muss mindestens 10 Zeichen lang sein.',
    ]);
    expect(checkPassword('ABcd12!-xyzwv', policy)).toEqual([
      'Das Passwort darf höchstens 12 Zeichen lang sein.',
    ]);
  });

  it('counts each class and names the missing ones', () => {
    expect(checkPassword('Abcd12!-xy', policy)).toEqual([
      'Das Passwort muss mindestens 2 Großbuchstaben enthalten.',
    ]);
    expect(checkPassword('ABCd12!-XY', policy)).toEqual([
      'Das Passwort muss mindestens 2 Kleinbuchstaben enthalten.',
    ]);
    expect(checkPassword('ABcd1x!-xy', policy)).toEqual([
      'Das Passwort muss mindestens 2 Ziffern enthalten.',
    ]);
    expect(checkPassword('ABcd12!xxy', policy)).toEqual([
      'Das Passwort muss mindestens 2 Sonderzeichen enthalten (zulässig: !-).',
    ]);
  });

  it('singular wording for one digit', () => {
    expect(
      checkPassword('Abcdefghij', {
        ...policy,
        minUppercase: 1,
        minLowercase: 1,
        minDigits: 1,
        minSpecial: 0,
      }),
    ).toEqual(['Das Passwort muss mindestens 1 Ziffer enthalten.']);
  });

  it('only the allowed specials count; other characters are refused and named once', () => {
    expect(checkPassword('ABcd12!?x?', policy)).toEqual([
      'Das Passwort muss mindestens 2 Sonderzeichen enthalten (zulässig: !-).',
      'Das Passwort enthält unzulässige Zeichen: ?',
    ]);
    expect(checkPassword('ABcd12!- y', policy)).toEqual([
      'Das Passwort enthält unzulässige Zeichen: Leerzeichen',
    ]);
  });

  it('umlauts are letters; characters are counted as code points', () => {
    expect(countPasswordCharacters('ÄÖüß😀', '')).toMatchObject({
      length: 5,
      uppercase: 2,
      lowercase: 2,
      disallowed: ['😀'],
    });
  });

  it('the common list is consulted only when the policy refuses common passwords', () => {
    const isCommon = (p: string) => p.toLowerCase() === 'abcd12!-xy';
    expect(checkPassword('ABcd12!-xy', policy, { isCommon })).toEqual([
      'Das Passwort gehört zu den häufigsten Passwörtern. Bitte wählen Sie ein anderes.',
    ]);
    expect(checkPassword('ABcd12!-xy', { ...policy, refuseCommon: false }, { isCommon })).toEqual([]);
    expect(checkPassword('ABcd12!-xy', policy)).toEqual([]); // the browser: no list
  });
});

describe('describePasswordPolicy', () => {
  it('lists max and min length, the counts and the allowed specials (spec modules.md §5)', () => {
    expect(describePasswordPolicy(policy)).toEqual([
      'Länge: mindestens 10, höchstens 12 Zeichen',
      'Großbuchstaben: mindestens 2',
      'Kleinbuchstaben: mindestens 2',
      'Ziffern: mindestens 2',
      'Sonderzeichen: mindestens 2',
      'Zulässige Sonderzeichen: !-',
      'Häufig verwendete Passwörter werden abgelehnt',
    ]);
  });
});

describe('security settings schema', () => {
  const valid = securitySettings.defaults;
  it('accepts the defaults', () => {
    expect(securitySettings.schema.safeParse(valid).success).toBe(true);
  });
  it('refuses min > max and counts that do not fit, with German messages', () => {
    const result = securitySettings.schema.safeParse({
      ...valid,
      minLength: 30,
      maxLength: 20,
      minDigits: 20,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['minLength', 'Die Mindestlänge darf nicht größer als die Höchstlänge sein.'],
      ['maxLength', 'Die geforderten Zeichen (23) passen nicht in die Höchstlänge von 20 Zeichen.'],
    ]);
  });
  it('refuses required specials without allowed ones, and an idle time longer than the absolute one', () => {
    const result = securitySettings.schema.safeParse({
      ...valid,
      allowedSpecials: '',
      sessionIdleMinutes: 180,
      sessionAbsoluteHours: 2,
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'allowedSpecials',
      'sessionIdleMinutes',
    ]);
  });
});
