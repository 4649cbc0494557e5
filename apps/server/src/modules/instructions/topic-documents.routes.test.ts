import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId } from '#test/fixtures.ts';

/** Documents of a topic through the attach API (decision 043): read with TOPICS, change with TOPICS_EDIT. */
let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const links = (client: ApiClient, topicId: number) =>
  client.get(`/api/documents/links?entity=instruction_topic&entityId=${topicId}`);

describe('documents of a topic', () => {
  it('attaches, lists and detaches; readers see them, only editors change them; other portals get 404', async () => {
    const topic = (
      await admin.post('/api/topics', { label: 'Hubarbeitsbühne', identifier: `DOC-${process.pid}` })
    ).json<{ data: Topic }>().data;
    const doc = (await admin.post('/api/documents', { label: 'Bedienungsanleitung Bühne', type: 0 })).json<{
      data: { id: number };
    }>().data;
    const body = { entity: 'instruction_topic', entityId: topic.id, documentId: doc.id };

    const reader = await createUser(t.database.db, {
      permissions: [P.TOPICS, P.DOCUMENTS, P.DOCUMENTS_EDIT],
    });
    const readerClient = await t.login(reader.login, reader.password);
    expect((await readerClient.post('/api/documents/links', body)).statusCode).toBe(403);

    expect((await admin.post('/api/documents/links', body)).statusCode).toBe(204);
    const listed = await links(readerClient, topic.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: { id: number }[] }>().data.map((d) => d.id)).toEqual([doc.id]);

    const foreign = await createUser(t.database.db, {
      portalId: await customerPortalId(t.database.db),
      permissions: [P.TOPICS, P.TOPICS_EDIT, P.DOCUMENTS, P.DOCUMENTS_EDIT],
    });
    const foreignClient = await t.login(foreign.login, foreign.password);
    expect((await links(foreignClient, topic.id)).statusCode).toBe(404);
    expect((await foreignClient.post('/api/documents/links', body)).statusCode).toBe(404);

    // Linked documents keep the topic: released first, the document stays.
    const refused = await admin.delete(`/api/topics/${topic.id}?version=${topic.version}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('ist ein Dokument verknüpft');
    const detached = await admin.delete(
      `/api/documents/links?entity=instruction_topic&entityId=${topic.id}&documentId=${doc.id}`,
    );
    expect(detached.statusCode).toBe(204);
    expect((await admin.delete(`/api/topics/${topic.id}?version=${topic.version}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/documents/${doc.id}`)).statusCode).toBe(200);
  });
});
