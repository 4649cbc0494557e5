import { errorCatalogue } from '@schutzwerk/shared/errors.ts';
import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ApiError, NETWORK_ERROR_CODE } from '#lib/api-client.ts';
import de from './de.json';

/**
 * German is the source of truth (de.json); every other locale of the product falls back to it.
 * Error texts come from the shared error catalogue so server and browser speak with one voice.
 */
const apiErrors: Record<string, string> = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.message]),
);

void i18n.use(initReactI18next).init({
  resources: { de: { translation: { ...de, apiErrors } } },
  lng: 'de',
  fallbackLng: 'de',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18n };

/**
 * German text for any error. The server answers with the catalogue's German message or a more specific
 * one; that text is shown. Validation errors list their field messages. Only when the answer carries no
 * message (proxy error, empty body) does the catalogue text of the code stand in.
 */
export function errorMessage(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === NETWORK_ERROR_CODE) return t('errors.network');
    const details = (error.details ?? []).map((d) => d?.message).filter((m): m is string => Boolean(m));
    if (error.code === 'INPUT_VALIDATION_ERROR' && details.length > 0) return details.join(' ');
    const base = error.message || (error.code in apiErrors ? t(`apiErrors.${error.code}`) : '');
    if (base) return details.length > 0 ? `${base} ${details.join(' ')}` : base;
    return t('errors.unknownWithStatus', { status: error.status });
  }
  return t('errors.generic');
}
