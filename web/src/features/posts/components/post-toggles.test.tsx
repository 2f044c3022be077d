import type { Post } from '@muster/contract/posts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi } from '../../../test/render';
import { later, valuesOf } from '../../../test/timing';

/**
 * Decision 057: a like, a save or a hashtag follow shows at once and stays where the last tap put
 * it. An answer read before the tap, an earlier tap's answer, and a failure each had a way to
 * flick the button back.
 */
const postId = '01a20000-0000-7000-8000-0000000000d1';
const post = (over: Partial<Post> = {}) =>
  postFixture({ _id: postId, content: 'Two water pumps needed in Palo', ...over });
const liked = post({ likedByMe: true, likeCount: 1 });
const unliked = post({ likedByMe: false, likeCount: 0 });

type Handler = (method: string, path: string) => ReturnType<Parameters<typeof stubApi>[0]> | undefined;

/** The API with `handler` first; the post's comments are none, and the rest is a new account's. */
function server(handler: Handler) {
  const calls = stubApi((url, init) => {
    const path = url.replace('/api/v1', '').split('?')[0]!;
    const answer = handler(init?.method ?? 'GET', path);
    if (answer) return answer;
    if (path === `/posts/${postId}/comments`) return { status: 200, body: { data: [] } };
    return signedIn()(url);
  });
  const asked = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.replace('/api/v1', '').split('?')[0] === path).length;
  const writes = () =>
    calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.replace('/api/v1', '')}`);
  return { asked, writes };
}

async function likeButton() {
  return screen.findByRole('button', { name: 'Like' }, { timeout: 20_000 });
}

describe('liking a post', () => {
  it('is not undone by an answer the page asked for before the like', async () => {
    let stored = unliked;
    let reads = 0;
    const slowRead = later();
    const api = server((method, path) => {
      if (method === 'GET' && path === `/posts/${postId}`) {
        reads += 1;
        // The second read, asked as the page comes back, answers only after the like.
        return reads === 2 ? slowRead.promise : { status: 200, body: { data: stored } };
      }
      if (method === 'POST' && path === `/posts/${postId}/like`) {
        stored = liked;
        return { status: 200, body: { data: stored } };
      }
      return undefined;
    });
    const router = renderApp(`/post/${postId}`);
    await likeButton();
    // Away and back: the page shows the post it has and asks for it again.
    await act(() => router.navigate('/saved'));
    await act(() => router.navigate(`/post/${postId}`));
    await waitFor(() => expect(api.asked('GET', `/posts/${postId}`)).toBe(2));
    const like = await likeButton();
    const pressed = valuesOf(like, 'aria-pressed');

    await userEvent.click(like);
    await waitFor(() => expect(api.asked('POST', `/posts/${postId}/like`)).toBe(1));
    // The read from before the like answers now: not liked, no likes.
    slowRead.answer({ status: 200, body: { data: unliked } });

    // The like cancelled that read and asks again once it is through: the server's post, liked.
    await waitFor(() => expect(api.asked('GET', `/posts/${postId}`)).toBe(3));
    expect(await screen.findByText('1 like')).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(pressed()).toEqual(['false', 'true']);
  });

  it('ends on the second of two quick taps: sent in order, never flicking back', async () => {
    const likeAnswer = later();
    const unlikeAnswer = later();
    const api = server((method, path) => {
      if (method === 'GET' && path === `/posts/${postId}`) return { status: 200, body: { data: unliked } };
      if (method === 'POST' && path === `/posts/${postId}/like`) return likeAnswer.promise;
      if (method === 'DELETE' && path === `/posts/${postId}/like`) return unlikeAnswer.promise;
      return undefined;
    });
    renderApp(`/post/${postId}`);
    const like = await likeButton();
    const pressed = valuesOf(like, 'aria-pressed');

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('1 like')).toBeInTheDocument();
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('0 likes')).toBeInTheDocument();
    // The unlike waits for the like, so the server sees them in the order they were made.
    expect(api.writes()).toEqual([`POST /posts/${postId}/like`]);

    // The like's answer (liked) comes while the unlike is pending: it must not show.
    likeAnswer.answer({ status: 200, body: { data: liked } });
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()).toEqual([`POST /posts/${postId}/like`, `DELETE /posts/${postId}/like`]);
    unlikeAnswer.answer({ status: 200, body: { data: unliked } });

    await waitFor(() => expect(api.asked('DELETE', `/posts/${postId}/like`)).toBe(1));
    expect(await screen.findByText('0 likes')).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(pressed()).toEqual(['false', 'true', 'false']);
  });

  it('reads two taps closer than a render as a like and an unlike', async () => {
    const likeAnswer = later();
    const api = server((method, path) => {
      if (method === 'GET' && path === `/posts/${postId}`) return { status: 200, body: { data: unliked } };
      if (method === 'POST' && path === `/posts/${postId}/like`) return likeAnswer.promise;
      if (method === 'DELETE' && path === `/posts/${postId}/like`)
        return { status: 200, body: { data: unliked } };
      return undefined;
    });
    renderApp(`/post/${postId}`);
    const like = await likeButton();

    // A double click: the second tap comes in the next task, before the page has redrawn the
    // first (the cache holds it already; the button does not show it yet).
    fireEvent.click(like);
    await new Promise((next) => setTimeout(next, 0));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(like);

    likeAnswer.answer({ status: 200, body: { data: liked } });
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()).toEqual([`POST /posts/${postId}/like`, `DELETE /posts/${postId}/like`]);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('0 likes')).toBeInTheDocument();
  });

  it('puts the heart and the count back when the server refuses', async () => {
    const refused = later();
    server((method, path) => {
      if (method === 'GET' && path === `/posts/${postId}`) return { status: 200, body: { data: unliked } };
      if (method === 'POST' && path === `/posts/${postId}/like`) return refused.promise;
      return undefined;
    });
    renderApp(`/post/${postId}`);
    const like = await likeButton();
    const pressed = valuesOf(like, 'aria-pressed');

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('1 like')).toBeInTheDocument();
    refused.answer({ status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } });

    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('0 likes')).toBeInTheDocument();
    expect(pressed()).toEqual(['false', 'true', 'false']);
  });
});

describe('saving a post', () => {
  it('ends on the last of three quick taps', async () => {
    const answers = [later(), later(), later()];
    const api = server((method, path) => {
      if (method === 'GET' && path === `/posts/${postId}`) return { status: 200, body: { data: unliked } };
      if (path === `/posts/${postId}/save` && method !== 'GET') {
        const turn = api.asked('POST', path) + api.asked('DELETE', path) - 1;
        return answers[turn]!.promise;
      }
      return undefined;
    });
    renderApp(`/post/${postId}`);
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 20_000 });
    const pressed = valuesOf(save, 'aria-pressed');

    for (const expected of ['true', 'false', 'true']) {
      await userEvent.click(save);
      await waitFor(() => expect(save).toHaveAttribute('aria-pressed', expected));
    }
    // Each answer is the post as saved or not by that tap; only the last may show.
    for (const [i, savedByMe] of [true, false, true].entries()) {
      await waitFor(() => expect(api.writes()).toHaveLength(i + 1));
      answers[i]!.answer({ status: 200, body: { data: post({ savedByMe }) } });
    }
    expect(api.writes()).toEqual([
      `POST /posts/${postId}/save`,
      `DELETE /posts/${postId}/save`,
      `POST /posts/${postId}/save`,
    ]);
    // Once the taps are over, the saved list is asked again (when it is shown).
    expect(await screen.findByRole('button', { name: 'Saved' })).toBe(save);
    expect(pressed()).toEqual(['false', 'true', 'false', 'true']);
  });
});

describe('following a hashtag', () => {
  it('ends on the second of two quick taps, and a refused one puts the button back', async () => {
    const followAnswer = later();
    const unfollowAnswer = later();
    const refused = later();
    const api = server((method, path) => {
      if (method === 'GET' && path === '/hashtags/followed') return { status: 200, body: { data: [] } };
      if (method === 'POST' && path === '/hashtags/water/follow')
        return api.asked('POST', path) === 1 ? followAnswer.promise : refused.promise;
      if (method === 'DELETE' && path === '/hashtags/water/follow') return unfollowAnswer.promise;
      return undefined;
    });
    renderApp('/hashtag/water');
    const follow = await screen.findByRole('button', { name: 'Follow' }, { timeout: 20_000 });
    await waitFor(() => expect(follow).toBeEnabled());
    const pressed = valuesOf(follow, 'aria-pressed');

    await userEvent.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(api.writes()).toEqual(['POST /hashtags/water/follow']);
    followAnswer.answer({ status: 200, body: { data: ['water'] } });
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    unfollowAnswer.answer({ status: 200, body: { data: [] } });
    await waitFor(() => expect(api.asked('DELETE', '/hashtags/water/follow')).toBe(1));
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(pressed()).toEqual(['false', 'true', 'false']);

    await userEvent.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(api.asked('POST', '/hashtags/water/follow')).toBe(2));
    refused.answer({ status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } });
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByRole('button', { name: 'Follow' })).toBe(follow);
    expect(pressed()).toEqual(['false', 'true', 'false', 'true', 'false']);
  });
});
