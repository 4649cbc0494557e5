import { languageSettings } from '@schutzwerk/shared/settings/language.settings.ts';
import { licenseSettings } from '@schutzwerk/shared/settings/license.settings.ts';
import { mailSettings } from '@schutzwerk/shared/settings/mail.settings.ts';
import { describe, expect, it } from 'vitest';
import { changedFields, rebaseDraft, secretsToBeRemoved, validateDraft } from './settings-draft.ts';

describe('settings drafts', () => {
  it('finds changed fields, arrays by content', () => {
    expect(changedFields({ a: 1, b: ['x'] }, { a: 1, b: ['x'] })).toEqual([]);
    expect(changedFields({ a: 2, b: ['x', 'y'] }, { a: 1, b: ['x'] })).toEqual(['a', 'b']);
  });

  it('rebases the user changes onto the newest value', () => {
    const oldBase = { companyName: 'Alt', applicationUrl: '', supportPhone: '1' };
    const draft = { ...oldBase, companyName: 'Meins' };
    const fresh = { companyName: 'Fremd', applicationUrl: 'https://x.de', supportPhone: '1' };
    expect(rebaseDraft(draft, oldBase, fresh)).toEqual({
      companyName: 'Meins',
      applicationUrl: 'https://x.de',
      supportPhone: '1',
    });
  });

  it('rebases list changes as set operations (both sides keep their additions)', () => {
    const oldBase = { enabledLocales: ['de-DE', 'fr-FR'] };
    const draft = { enabledLocales: ['de-DE', 'en-GB'] }; // user removed fr-FR, added en-GB
    const fresh = { enabledLocales: ['de-DE', 'fr-FR', 'de-AT'] }; // someone else added de-AT
    expect(rebaseDraft(draft, oldBase, fresh)).toEqual({ enabledLocales: ['de-DE', 'de-AT', 'en-GB'] });
  });

  it('validates with the shared schema and German messages', () => {
    expect(validateDraft(languageSettings, { enabledLocales: [], defaultLocale: 'de-DE' })).toEqual({
      enabledLocales: 'Die letzte aktive Sprache kann nicht deaktiviert werden.',
      defaultLocale: 'Die Standardsprache muss aktiv sein.',
    });
    expect(validateDraft(licenseSettings, { ...licenseSettings.defaults, maxEmployees: 1.5 })).toEqual({
      maxEmployees: 'Bitte eine ganze Zahl angeben.',
    });
    expect(validateDraft(licenseSettings, licenseSettings.defaults)).toEqual({});
  });

  it('names a stored secret that saving removes because a field it is bound to changed', () => {
    const base = { ...mailSettings.defaults, host: 'smtp.firma.de', user: 'svc-mail', password: null };
    const stored = ['password'];
    expect(secretsToBeRemoved(mailSettings, stored, { ...base, senderName: 'Neu' }, base)).toEqual([]);
    for (const change of [{ host: 'mail.example' }, { port: 25 }, { security: 'tls' }, { user: 'x' }])
      expect(secretsToBeRemoved(mailSettings, stored, { ...base, ...change }, base)).toEqual(['password']);
    // Entered again, or none stored: nothing to warn about.
    expect(secretsToBeRemoved(mailSettings, stored, { ...base, host: 'm', password: 'neu' }, base)).toEqual(
      [],
    );
    expect(secretsToBeRemoved(mailSettings, [], { ...base, host: 'm' }, base)).toEqual([]);
  });
});
