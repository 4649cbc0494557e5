import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../../i18n/de.json' with { type: 'json' };
import { changePasswordFormSchema } from './change-password-schema.ts';

const t = ((key: string) => {
  const [group, name] = key.split('.') as [keyof typeof de, string];
  return (de[group] as Record<string, string>)[name] ?? key;
}) as unknown as TFunction;

const schema = changePasswordFormSchema(t);
const messages = (values: Record<string, string>) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('change password form', () => {
  it('names each missing field with the messages of the spec', () => {
    expect(messages({ currentPassword: '', newPassword: '', repeatPassword: '' })).toEqual([
      'currentPassword: Das aktuelle Passwort muss angegeben werden.',
      'newPassword: Ein neues Passwort muss angegeben werden.',
      'repeatPassword: Das neue Passwort muss wiederholt werden.',
    ]);
  });

  it('reports a mismatch even while the current password is missing', () => {
    expect(messages({ currentPassword: '', newPassword: 'abc', repeatPassword: 'abd' })).toEqual([
      'currentPassword: Das aktuelle Passwort muss angegeben werden.',
      'repeatPassword: Die neuen Passwörter stimmen nicht überein.',
    ]);
  });

  it('names only the missing new password when it was cleared after the repetition was typed', () => {
    expect(messages({ currentPassword: 'old', newPassword: '', repeatPassword: 'abc' })).toEqual([
      'newPassword: Ein neues Passwort muss angegeben werden.',
    ]);
  });

  it('accepts matching passwords', () => {
    expect(messages({ currentPassword: 'old', newPassword: 'abc', repeatPassword: 'abc' })).toEqual([]);
  });
});
