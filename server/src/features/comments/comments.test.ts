import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);

describe('comments and replies', () => {
  it('comments and replies one level deep, notifying the post and comment authors but never oneself', async () => {
    const author = await signedInUser(t, { firstName: 'Author' });
    const ann = await signedInUser(t, { firstName: 'Ann' });
    const bob = await signedInUser(t, { firstName: 'Bob' });
    const id = (await api('POST', '/posts/create', author.cookie, { content: 'Who has a generator?' })).json()
      .data._id;

    const top = (await api('POST', `/posts/${id}/comments`, ann.cookie, { content: '  I do, 5 kW  ' })).json()
      .data;
    expect(top).toMatchObject({ content: 'I do, 5 kW', parentId: null, author: { firstName: 'Ann' } });
    const reply = await api('POST', `/posts/${id}/comments`, bob.cookie, {
      content: 'Mine is free too',
      parentId: top._id,
    });
    expect(reply.json().data.parentId).toBe(top._id);
    await api('POST', `/posts/${id}/comments`, author.cookie, {
      content: 'Thank you both',
      parentId: top._id,
    });

    const replyToReply = await api('POST', `/posts/${id}/comments`, ann.cookie, {
      content: 'nested',
      parentId: reply.json().data._id,
    });
    expect(replyToReply.statusCode).toBe(400);

    const list = (await api('GET', `/posts/${id}/comments`, bob.cookie)).json().data;
    expect(list.map((c: { content: string }) => c.content)).toEqual([
      'I do, 5 kW',
      'Mine is free too',
      'Thank you both',
    ]);
    expect((await api('GET', `/posts/${id}`, bob.cookie)).json().data.commentCount).toBe(3);

    const authorNotes = (await api('GET', '/notifications', author.cookie)).json().data;
    expect(
      authorNotes
        .filter((n: { type: string }) => n.type === 'comment')
        .map((n: { commentContent: string }) => n.commentContent)
        .sort(),
    ).toEqual(['I do, 5 kW', 'Mine is free too']);
    const annNotes = (await api('GET', '/notifications', ann.cookie))
      .json()
      .data.filter((n: { type: string }) => n.type === 'replies');
    expect(annNotes.map((n: { replyContent: string }) => n.replyContent).sort()).toEqual([
      'Mine is free too',
      'Thank you both',
    ]);
  });

  it('refuses a blank comment and strangers, and lets the post author remove a comment with its replies', async () => {
    const author = await signedInUser(t);
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const id = (await api('POST', '/posts/create', author.cookie, { content: 'post' })).json().data._id;
    expect((await api('POST', `/posts/${id}/comments`, ann.cookie, { content: '  ' })).statusCode).toBe(400);
    expect((await api('POST', `/posts/${id}/comments`, undefined, { content: 'hi' })).statusCode).toBe(401);
    const top = (await api('POST', `/posts/${id}/comments`, ann.cookie, { content: 'top' })).json().data;
    await api('POST', `/posts/${id}/comments`, ann.cookie, { content: 'reply', parentId: top._id });
    expect((await api('DELETE', `/posts/${id}/comments/${top._id}`, bob.cookie)).statusCode).toBe(403);
    expect((await api('DELETE', `/posts/${id}/comments/${top._id}`, author.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/posts/${id}/comments`, ann.cookie)).json().data).toEqual([]);
    expect((await api('GET', `/posts/${id}`, ann.cookie)).json().data.commentCount).toBe(0);
  });
});
