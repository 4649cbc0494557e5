import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-client.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const FIELDS = ['personnelNumber', 'loginName', 'email'] as const;

describe('server field errors', () => {
  it('puts a specific message (duplicate) at its field', () => {
    const error = new ApiError(
      409,
      'DUPLICATE',
      'Die Personalnummer 4711 ist bereits vergeben. Bitte wählen Sie eine andere.',
      [{ path: ['body', 'personnelNumber'], message: 'Bereits vergeben' }],
    );
    expect(serverFieldErrors(error, FIELDS)).toEqual([
      {
        field: 'personnelNumber',
        message: 'Die Personalnummer 4711 ist bereits vergeben. Bitte wählen Sie eine andere.',
      },
    ]);
  });

  it('uses the detail messages of a schema validation error', () => {
    const error = new ApiError(400, 'INPUT_VALIDATION_ERROR', 'irrelevant', [
      { path: ['body', 'email'], message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
      { path: ['body', 'loginName'], message: 'Zu lang' },
      { path: ['query', 'version'], message: 'ignored' },
      { path: ['body', 'unknown'], message: 'ignored' },
    ]);
    expect(serverFieldErrors(error, FIELDS)).toEqual([
      { field: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
      { field: 'loginName', message: 'Zu lang' },
    ]);
  });

  it('is empty for other errors', () => {
    expect(serverFieldErrors(new Error('x'), FIELDS)).toEqual([]);
    expect(serverFieldErrors(new ApiError(409, 'CONFLICT', ''), FIELDS)).toEqual([]);
  });
});
