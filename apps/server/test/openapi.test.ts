import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/**
 * The OpenAPI document is committed (docs/openapi.json) so reviewers see API changes.
 * `npm run openapi` rewrites it; this test fails while it is out of date.
 */
const committed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI document', () => {
  it('is served at /api/docs and matches docs/openapi.json', async () => {
    const res = await t.client().get('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login_local', '/api/employee/list', '/api/role/{id}']),
    );
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') fs.writeFileSync(committed, text);
    expect(fs.existsSync(committed), 'run npm run openapi').toBe(true);
    expect(fs.readFileSync(committed, 'utf8'), 'docs/openapi.json is out of date: run npm run openapi').toBe(
      text,
    );
  });
});
