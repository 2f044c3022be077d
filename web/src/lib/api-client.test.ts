import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiClientError, whileSigningOut } from './api-client';

/** A fetch whose answers the test hands out one at a time, recording what was sent. */
function heldFetch() {
  const sent: string[] = [];
  const answers: Array<() => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push(`${init.method} ${url}`);
      return new Promise<Response>((resolve) => answers.push(() => resolve(new Response('{"data":1}'))));
    }),
  );
  const answerNext = async () => {
    answers.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { sent, answerNext };
}

afterEach(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it('waits for the calls in flight, sends none asked for meanwhile, and then lets calls through again', async () => {
    const { sent, answerNext } = heldFetch();
    const poll = api.get('/notifications/unread-count');
    const signOut = whileSigningOut(async () => {
      await api.post('/auth/logout');
      await api.get('/auth/me');
    });
    await new Promise((r) => setTimeout(r, 0));
    // The poll is still out: the logout waits for it.
    expect(sent).toEqual(['GET /api/v1/notifications/unread-count']);

    const late = api.get('/chats/unread-count');
    await expect(late).rejects.toEqual(expect.objectContaining({ status: 401, code: 'UNAUTHORIZED' }));
    await expect(late).rejects.toBeInstanceOf(ApiClientError);

    await answerNext();
    await expect(poll).resolves.toEqual({ data: 1 });
    expect(sent).toEqual(['GET /api/v1/notifications/unread-count', 'POST /api/v1/auth/logout']);

    // Still signing out until the session is read again: the page's calls stay unsent.
    await answerNext();
    expect(sent.at(-1)).toBe('GET /api/v1/auth/me');
    await expect(api.get('/chats')).rejects.toEqual(expect.objectContaining({ status: 401 }));
    await answerNext();
    await signOut;
    const after = api.get('/posts/feed');
    await answerNext();
    await expect(after).resolves.toEqual({ data: 1 });
    expect(sent).toHaveLength(4);
  });
});
