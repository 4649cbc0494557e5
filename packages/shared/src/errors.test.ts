import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from './errors.ts';
import { ERROR_CODES, errorCatalogue, errorCatalogueDomains, isErrorCode } from './errors.ts';

/** Every error code listed in spec shell §8, the abbreviated families written out. */
const specCodes = [
  'UNKNOWN',
  'INVALID_REQUEST',
  'DATATABLE',
  'NOT_AUTHENTICATED',
  'NO_PERMISSION',
  'USERNAME_NOT_FOUND',
  'WRONG_PASSWORD',
  'EMPLOYEE_NOT_FOUND',
  'INPUT_VALIDATION_ERROR',
  'ASSIGNMENT_EXISTS',
  'USER_INACTIVE',
  'OFFLINE_HASH_NOT_FOUND',
  'UPDATE_NO_VERSION_INFO_ON_CHANNEL',
  'UPDATE_DOWNLOAD_IN_PROGRESS',
  'UPDATE_INSTALLATION_FAILED',
  'UPDATE_INSTALLATION_FILE_MISSING',
  'UPDATE_NO_INFO',
  'PORTAL_NOT_WHITELISTED',
  'PORTAL_BLACKLISTED',
  'COLLECTION_NOT_FOUND',
  'CHECKLISTS_NOT_FOUND',
  'CELLS_NOT_FOUND',
  'UNDEFINED_COLLECTION_MODULE',
  'CHECKLISTS_NO_SQL_QUERY',
  'CHECKLISTS_BAD_SQL_QUERY',
  'CHECKLIST_COLLECTION_TREE_NOT_FOUND',
  'CHECKLIST_COLLECTION_TREE_MISSING_COLLECTIONID',
  'CHECKLIST_COLLECTION_TREE_MISSING_DESCRIPTION',
  'CHECKLIST_COMMENT_UNKNOWN',
  'CHECKLIST_COMMENT_TREE_VERSION',
  'CHECKLIST_COMMENT_TREE_MISSING',
  'CHECKLIST_COMMENT_COLLECTION_MISSING',
  'CHECKLIST_COMMENT_CHECKLIST_MISSING',
  'CHECKLIST_COMMENT_HAZARDBRICK_MISSING',
  'CHECKLIST_COMMENT_HAZARDBRICK_GUID',
  'CHECKLIST_COMMENT_AUDIT_MISSING',
  'CHECKLIST_COMMENT_COMMENT_MISSING',
  'MISSING_TABLE_TABLE_DEFINITION',
  'MISSING_TABLE_COLUMN_DEFINITION',
  'MISSING_PRIMARY_KEY_TABLE_DEFINITION',
  'DASHBOARD_NOT_FOUND',
  'DASHBOARD_ALREADY_FORKED_BY_USER',
  'DASHBOARD_IS_A_FORK',
  'DASHBOARD_NOT_OWNED_BY_USER',
  'DASHBOARD_HAS_CATEGORY_MAPPINGS',
  'DASHBOARD_MAPPING_ALREADY_EXISTS',
  'CATEGORY_NOT_FOUND',
  'CATEGORY_ALREADY_FORKED_BY_USER',
  'CATEGORY_IS_A_FORK',
  'CATEGORY_NOT_OWNED_BY_USER',
  'CATEGORY_HAS_DASHBOARD_MAPPINGS',
  'CATEGORY_HAS_WIDGET_MAPPINGS',
  'WIDGET_NOT_FOUND',
  'WIDGET_ALREADY_FORKED_BY_USER',
  'WIDGET_IS_A_FORK',
  'WIDGET_HAS_CATEGORY_MAPPINGS',
  'ACTIVITY_IS_A_ROLE',
  'ACTIVITY_IS_NOT_A_ROLE',
  'PARENT_IS_RECURSIVE',
  'QUESTIONNAIRE_ROUTE_NOT_FOUND',
  'QUESTIONNAIRE_UNKNOWN_MODE',
  'QUESTIONNAIRE_QUERY_FAILED',
  'QUESTIONNAIRE_UPDATE_FAILED',
  'NOT_FOUND',
  'ROUTE_FOUND',
  'VERSION_FOUND',
  'FOREIGN_ENTRY',
] as const;

/** Codes this implementation adds, with the status each must have. */
const ownCodes = {
  CONFLICT: 409,
  CSRF_INVALID: 403,
  TOO_MANY_REQUESTS: 429,
  NOT_FOUND: 404,
  ROLE_IN_USE: 409,
  INVALID_CREDENTIALS: 401,
  PASSWORD_WRONG: 400,
  PASSWORD_SAME: 400,
  INTERNAL: 500,
} as const;

describe('error catalogue', () => {
  it('contains every code of spec §8', () => {
    for (const code of specCodes) {
      expect(ERROR_CODES, code).toContain(code);
    }
  });

  it('contains our own codes with the agreed statuses', () => {
    for (const [code, status] of Object.entries(ownCodes)) {
      expect(isErrorCode(code), code).toBe(true);
      if (isErrorCode(code)) expect(errorCatalogue[code].status, code).toBe(status);
    }
  });

  it('gives every code a 4xx/5xx status and a non-empty German sentence', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = errorCatalogue[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.trim().length, code).toBeGreaterThan(0);
      expect(message, code).toBe(message.trim());
      expect(message, code).toMatch(/^[A-ZÄÖÜ]/);
      expect(message, code).toMatch(/[.!]$/);
      // Formal address only.
      expect(message, code).not.toMatch(/\b(du|dich|dein|deine|bitte prüfe)\b/i);
    }
  });

  it('uses the texts quoted by the spec and the brief exactly', () => {
    expect(errorCatalogue.NO_PERMISSION).toEqual({ status: 403, message: 'Keine Berechtigung.' });
    expect(errorCatalogue.NOT_AUTHENTICATED.status).toBe(401);
    expect(errorCatalogue.INPUT_VALIDATION_ERROR).toEqual({
      status: 400,
      message: 'Bitte prüfen Sie Ihre Eingaben.',
    });
    expect(errorCatalogue.INVALID_CREDENTIALS.message).toBe('Kein aktiver Benutzer oder Kennwort falsch!');
    expect(errorCatalogue.CONFLICT.message).toBe(
      'Der Datensatz wurde inzwischen von einer anderen Person geändert. Bitte laden Sie ihn neu; Ihre Eingaben bleiben erhalten.',
    );
    expect(errorCatalogue.INTERNAL.message).toBe(
      'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    );
  });

  it('lists every code once in ERROR_CODES', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(errorCatalogue).sort());
  });

  it('uses SCREAMING_SNAKE_CASE codes', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    }
  });
});

describe('isErrorCode', () => {
  it('accepts catalogue codes only', () => {
    expect(isErrorCode('NO_PERMISSION')).toBe(true);
    expect(isErrorCode('CONFLICT')).toBe(true);
    expect(isErrorCode('no_permission')).toBe(false);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode(403)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(null)).toBe(false);
  });
});

describe('ApiErrorBody', () => {
  it('has the envelope shape', () => {
    const body: ApiErrorBody = {
      error: { code: 'NO_PERMISSION', message: errorCatalogue.NO_PERMISSION.message },
    };
    expect(body.error.code).toBe('NO_PERMISSION');
    expect(isErrorCode(body.error.code)).toBe(true);
  });
});

describe('the catalogue split by domain', () => {
  it('joins the domain files without one code shadowing another', () => {
    const codes = Object.values(errorCatalogueDomains).flatMap((domain) => Object.keys(domain));
    expect(codes).toHaveLength(new Set(codes).size);
    expect(codes.sort()).toEqual([...ERROR_CODES].sort());
  });
});
