import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ILL_FORMED_TEXT_MESSAGE } from '../src/platform/well-formed-text.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from './app.ts';

/**
 * Issue 13, L4 and L5: ill-formed text (a lone UTF-16 surrogate) is refused at validation on every route with a
 * German 400 and the field path; API answers are never cached (personal data).
 */
describe('input hygiene and caching of API answers', () => {
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectIllFormed(res: Awaited<ReturnType<ApiClient['post']>>, path: (string | number)[]) {
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('INPUT_VALIDATION_ERROR');
    expect(error.message).toBe(ILL_FORMED_TEXT_MESSAGE);
    expect(error.details).toEqual(expect.arrayContaining([{ path, message: ILL_FORMED_TEXT_MESSAGE }]));
  }

  it('refuses a lone surrogate in a role name (was a 500 from the change-log insert)', async () => {
    const res = await admin.post('/api/role', { name: '\ud800x' });
    expectIllFormed(res, ['body', 'name']);
    const list = await admin.get('/api/role/list?search=x&limit=100');
    expect(list.statusCode).toBe(200);
  });

  it('refuses it in employees, documents, actions and in nested values and keys', async () => {
    expectIllFormed(
      await admin.post('/api/employee', {
        lastName: 'Muster\udc00',
        firstName: 'Max',
        personnelNumber: 'L4-1',
      }),
      ['body', 'lastName'],
    );
    expectIllFormed(await admin.post('/api/documents', { label: 'Plan \ud83d', type: 1 }), ['body', 'label']);
    expectIllFormed(
      await admin.post('/api/actions', {
        sourceType: 'general',
        sourceId: 0,
        title: 'Maßnahme',
        description: 'a\udfffb',
      }),
      ['body', 'description'],
    );
    expectIllFormed(await admin.post('/api/role', { name: 'Rolle', extra: { '\ud800': 1 } }), [
      'body',
      'extra',
      '\ud800',
    ]);
    expectIllFormed(await admin.post('/api/role/list', { search: ['ok', '\ud800'] }), ['body', 'search', 1]);
  });

  it('never fails on query strings: percent-encoded bytes that are not UTF-8 cannot become a lone surrogate', async () => {
    for (const bytes of ['%ED%A0%80', '%ED%B0%80x', '%F0%9F']) {
      const res = await admin.get(`/api/role/list?search=a${bytes}`);
      expect([200, 400], res.body).toContain(res.statusCode);
    }
  });

  it('keeps well-formed text of every plane, emoji included', async () => {
    const res = await admin.post('/api/role', { name: 'Prüfer 😀 𝔘 ß' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { name: string } }>().data.name).toBe('Prüfer 😀 𝔘 ß');
  });

  it('sends Cache-Control: no-store on every API answer, also errors and the sign-in token', async () => {
    const user = await admin.get('/api/auth/user');
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    const employee = await admin.get('/api/employee/1');
    expect(employee.headers['cache-control']).toBe('no-store');
    const anonymous = await t.client().get('/api/auth/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const login = await t.client().post('/api/auth/login_local', { username: 'admin', password: 'wrong' });
    expect(login.headers['cache-control']).toBe('no-store');
    const settings = await admin.get('/api/settings/mail');
    expect(settings.headers['cache-control']).toBe('no-store');
    const unknown = await admin.get('/api/does-not-exist');
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
