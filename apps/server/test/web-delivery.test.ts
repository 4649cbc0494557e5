import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/**
 * How the web app and the API go over the wire (decision 037): the build's precompressed files, year-long
 * caching of hashed assets, no caching of index.html, compressed JSON above 1 KiB.
 */
describe('web delivery', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const greeting = ${JSON.stringify('Guten Tag '.repeat(400))};\n`;

  beforeAll(async () => {
    // A built web app as the Vite build leaves it: index.html and hashed assets with .br and .gz beside them.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Schutzwerk</title><div id="root"></div>',
    );
    const asset = path.join(dist, 'assets', 'index-AbC123xy.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset precompressed as the browser accepts it, cached for a year', async () => {
    const br = await t.app.inject({
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-AbC123xy.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets the browser keep index.html without asking, on every route of the web app', async () => {
    for (const url of ['/', '/employee/list', '/login']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('compresses JSON answers above 1 KiB for a browser that accepts it, and only then', async () => {
    const admin = await t.login('admin');
    const list = await admin.request('GET', '/api/employee/list?limit=100', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString()) as {
      data: { rows: unknown[] };
    };
    expect(decoded.data.rows.length).toBeGreaterThan(0);

    const identity = await admin.get('/api/employee/list?limit=100');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json<{ data: { rows: unknown[] } }>().data.rows).toEqual(decoded.data.rows);

    // Small answers stay as they are: compressing them costs more than it saves.
    const small = await t.app.inject({ url: '/api/auth/csrf', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
