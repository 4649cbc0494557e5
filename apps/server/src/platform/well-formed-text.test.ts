import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { illFormedTextPaths } from './well-formed-text.ts';

describe('illFormedTextPaths', () => {
  it('finds lone surrogates in values and keys at any depth', () => {
    expect(
      illFormedTextPaths({ a: 'ok', b: ['x', '\ud800'], c: { '\udc00': 'y', d: 'z\udbff' } }, ['body']),
    ).toEqual([
      ['body', 'b', 1],
      ['body', 'c', '\udc00'],
      ['body', 'c', 'd'],
    ]);
  });

  it('accepts well-formed text of every plane and ignores non-strings and binary', () => {
    expect(
      illFormedTextPaths({ a: 'Prüfer 😀 𝔘', n: 1, b: true, z: null, buf: Buffer.from([0xed, 0xa0, 0x80]) }),
    ).toEqual([]);
    expect(illFormedTextPaths(undefined)).toEqual([]);
  });

  it('leaves a body that is a stream alone (a raw upload read by its handler)', () => {
    const stream = Readable.from(['\ud800']);
    Object.assign(stream, { '\ud800': '\ud800' });
    expect(illFormedTextPaths(stream, ['body'])).toEqual([]);
  });
});

describe('database errors about ill-formed text', () => {
  async function answerFor(error: unknown) {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/x', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    return res;
  }

  it('map to a German 400 (PostgreSQL 15: 22P05; PGlite: 22P02 about a surrogate), others stay 500', async () => {
    const pg15 = await answerFor(
      Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' }),
    );
    expect(pg15.statusCode).toBe(400);
    expect(pg15.json().error.code).toBe('INPUT_VALIDATION_ERROR');
    const wrapped = await answerFor(
      new Error('Failed query', {
        cause: Object.assign(new Error('invalid input syntax for type json'), {
          code: '22P02',
          detail: 'Unicode low surrogate must follow a high surrogate.',
        }),
      }),
    );
    expect(wrapped.statusCode).toBe(400);
    expect(wrapped.json().error.message).toMatch(/unzulässige Zeichen/);
    const other = await answerFor(
      Object.assign(new Error('invalid input syntax for type integer: "x"'), { code: '22P02' }),
    );
    expect(other.statusCode).toBe(500);
    expect(other.json().error.code).toBe('INTERNAL');
  });
});
