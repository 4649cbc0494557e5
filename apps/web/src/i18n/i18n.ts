import { errorCatalogue } from '@schutzwerk/shared/errors.ts';
import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ApiError, NETWORK_ERROR_CODE } from '#lib/api-client.ts';
import de from './de.json';

/**
 * Each feature may keep its texts next to its code in `features/<name>/de.json` under its own top-level
 * keys; they are merged with the shared texts here. A key defined twice is a bug (see i18n.test.ts).
 */
export const featureMessages = import.meta.glob<Record<string, unknown>>('../features/*/de.json', {
  eager: true,
  import: 'default',
});

/**
 * German is the source of truth (de.json); every other locale of the product falls back to it.
 * Error texts come from the shared error catalogue so server and browser speak with one voice.
 */
const apiErrors: Record<string, string> = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.message]),
);

void i18n.use(initReactI18next).init({
  resources: {
    de: { translation: { ...de, ...Object.assign({}, ...Object.values(featureMessages)), apiErrors } },
  },
  lng: 'de',
  fallbackLng: 'de',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18n };

/** True while the browser reports that it has no network (navigator.onLine). */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * German text for any error. The server answers with the catalogue's German message or a more specific
 * one; that text is shown alone — field details belong next to their fields (see `fieldErrors`). Only when
 * the answer carries no message (proxy error, empty body) does the catalogue text of the code stand in, and
 * only a validation error without any message falls back to its field messages.
 */
export function errorMessage(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === NETWORK_ERROR_CODE) {
      return browserOffline() ? t('errors.offline') : t('errors.network');
    }
    const base = error.message || (error.code in apiErrors ? t(`apiErrors.${error.code}`) : '');
    if (base) return base;
    const details = (error.details ?? []).map((d) => d?.message).filter((m): m is string => Boolean(m));
    if (details.length > 0) return details.join(' ');
    return t('errors.unknownWithStatus', { status: error.status });
  }
  return t('errors.generic');
}

/**
 * The field messages of an error answer, keyed by field name: `details: [{ path: ['body', 'name'], message }]`
 * becomes `{ name: message }` (the first segment 'body' / 'query' / 'params' is dropped, nested paths are
 * joined with dots). The first message per field wins.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const detail of error.details ?? []) {
    if (!detail || typeof detail.message !== 'string' || !Array.isArray(detail.path)) continue;
    const path = detail.path.map(String);
    if (path[0] === 'body' || path[0] === 'query' || path[0] === 'params') path.shift();
    const key = path.join('.');
    if (key && !(key in result)) result[key] = detail.message;
  }
  return result;
}
