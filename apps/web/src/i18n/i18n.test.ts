import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/api-client.ts';
import de from './de.json';
import { errorMessage, featureMessages, fieldErrors } from './i18n.ts';

describe('message files', () => {
  it('define every top-level key once across the shared and the feature files', () => {
    const seen = new Map<string, string>(Object.keys(de).map((key) => [key, 'i18n/de.json']));
    for (const [file, messages] of Object.entries(featureMessages)) {
      for (const key of Object.keys(messages)) {
        expect(seen.get(key), `${key} in ${file}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });
});

describe('errorMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's message alone; field details are not appended", () => {
    const error = new ApiError(
      409,
      'ROLE_NAME_EXISTS',
      'Eine Rolle mit dem Namen „Lager“ gibt es bereits. Bitte wählen Sie einen anderen Namen.',
      [{ path: ['body', 'name'], message: 'Name bereits vergeben' }],
    );
    expect(errorMessage(error)).toBe(
      'Eine Rolle mit dem Namen „Lager“ gibt es bereits. Bitte wählen Sie einen anderen Namen.',
    );
  });

  it('falls back to the catalogue text, then to the field messages, then to the status', () => {
    expect(errorMessage(new ApiError(409, 'LAST_ADMINISTRATOR', ''))).toContain(
      'letzten aktiven Mitarbeiter',
    );
    expect(errorMessage(new ApiError(400, 'SOMETHING_NEW', '', [{ path: ['x'], message: 'Zu kurz' }]))).toBe(
      'Zu kurz',
    );
    expect(errorMessage(new ApiError(502, 'SOMETHING_NEW', ''))).toBe(
      'Der Server hat mit Status 502 geantwortet.',
    );
  });

  it('says so when the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', ''))).toBe(
      'Keine Verbindung zum Server. Bitte versuchen Sie es erneut, sobald Sie wieder online sind.',
    );
    vi.stubGlobal('navigator', { onLine: true });
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', ''))).toContain('Der Server ist nicht erreichbar.');
  });
});

describe('fieldErrors', () => {
  it('maps details to field names without the body/query prefix, first message per field', () => {
    const error = new ApiError(400, 'INPUT_VALIDATION_ERROR', 'Bitte prüfen Sie Ihre Eingaben.', [
      { path: ['body', 'name'], message: 'Name bereits vergeben' },
      { path: ['body', 'name'], message: 'zweite Meldung' },
      { path: ['body', 'address', 'zip'], message: 'PLZ fehlt' },
      { path: ['query', 'limit'], message: 'zu groß' },
    ]);
    expect(fieldErrors(error)).toEqual({
      name: 'Name bereits vergeben',
      'address.zip': 'PLZ fehlt',
      limit: 'zu groß',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
