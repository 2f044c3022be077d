import type { Comment, LocalComment, Post } from '@muster/contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

/** Replies from other servers among the comments, boosts on the card (issue 38, decision 091). */

const postId = '01a20000-0000-7000-8000-0000000000r1';
const ada = { ...userFixture, _id: userFixture._id };
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000k1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};

const post = (over: Partial<Post> = {}): Post =>
  postFixture({ _id: postId, author: ada, title: 'Water filters', commentCount: 2, ...over });

const local = (id: string, author: LocalComment['author'], content: string): Comment => ({
  _id: id,
  postId,
  parentId: null,
  content,
  createdAt: '2026-11-21T00:00:00.000Z',
  author,
  remote: null,
  hiddenReason: null,
});

const remoteId = '01a20000-0000-7000-8000-0000000000e1';
const fromElsewhere: Comment = {
  _id: remoteId,
  postId,
  parentId: null,
  // As the server sends it: plain text, even when it looks like markup.
  content: 'I can bring <b>water</b> on Friday',
  createdAt: '2026-11-21T01:00:00.000Z',
  author: null,
  remote: {
    name: 'Bo Two',
    handle: '@bo@social.example',
    server: 'social.example',
    profileUrl: 'https://social.example/users/bo',
    url: 'https://social.example/@bo/112',
    objectId: 'https://social.example/users/bo/statuses/112',
  },
  hiddenReason: null,
};

function api(thePost: Post, comments: Comment[], viewer = userFixture) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.replace('/api/v1', '').split('?')[0]}`;
    if (key === `GET /posts/${postId}`) return { status: 200, body: { data: thePost } };
    if (key === `GET /posts/${postId}/comments`) return { status: 200, body: { data: comments } };
    if (key === `DELETE /posts/${postId}/comments/${remoteId}`)
      return { status: 200, body: { data: { ok: true } } };
    if (key === 'POST /federation/reports')
      return {
        status: 200,
        body: { data: { message: 'Thanks for letting us know. We will review your report.' } },
      };
    return signedIn(viewer)(url);
  });
}

describe('a reply from another server among the comments', () => {
  it('names its author, handle and server, shows its text as text, and links to the original', async () => {
    api(post(), [local('c1', kofi, 'I have two'), fromElsewhere]);
    renderApp(`/post/${postId}`);
    const name = await screen.findByRole('link', { name: 'Bo Two' }, { timeout: 20_000 });
    expect(name).toHaveAttribute('href', 'https://social.example/users/bo');
    const row = name.closest('li')!;
    expect(within(row).getByText('@bo@social.example')).toBeInTheDocument();
    expect(within(row).getByText('via social.example')).toBeInTheDocument();
    // Never HTML: the angle brackets are shown, no <b> is made.
    expect(within(row).getByText('I can bring <b>water</b> on Friday')).toBeInTheDocument();
    expect(row.querySelector('b')).toBeNull();
    const original = within(row).getByRole('link', {
      name: 'See the original reply on social.example (opens in a new tab)',
    });
    expect(original).toHaveAttribute('href', 'https://social.example/@bo/112');
    expect(original).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // No reply here (it has no author here to answer); a report goes to its server (decision 094).
    expect(within(row).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Report reply by Bo Two (@bo@social.example)' }),
    ).toBeInTheDocument();
    // In time order after the local comment.
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items.findIndex((t) => t.includes('I have two'))).toBeLessThan(
      items.findIndex((t) => t.includes('Bo Two')),
    );
  });

  it("lets the post's author delete it after a confirm; the count drops", async () => {
    const calls = api(post(), [local('c1', kofi, 'I have two'), fromElsewhere]);
    renderApp(`/post/${postId}`);
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Delete reply by Bo Two (@bo@social.example)' },
        { timeout: 20_000 },
      ),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete reply?' });
    expect(confirm).toHaveTextContent('This reply from social.example will be removed here for everyone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reply deleted')).toBeInTheDocument();
    expect(screen.queryByText('via social.example')).not.toBeInTheDocument();
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.replace('/api/v1', ''))).toEqual([
      `/posts/${postId}/comments/${remoteId}`,
    ]);
  });

  it('offers Delete to a moderator on anyone’s post', async () => {
    api(post({ author: kofi }), [fromElsewhere], { ...userFixture, role: 'moderator' });
    renderApp(`/post/${postId}`);
    expect(
      await screen.findByRole(
        'button',
        { name: 'Delete reply by Bo Two (@bo@social.example)' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
  });

  it("sends a report of it to its own server's moderators, naming the reply by its id there", async () => {
    const calls = api(post({ author: kofi }), [fromElsewhere]);
    renderApp(`/post/${postId}`);
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Report reply by Bo Two (@bo@social.example)' },
        { timeout: 20_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report this reply' }, { timeout: 20_000 });
    expect(dialog).toHaveTextContent("It came from social.example, so it goes to that server's moderators");
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thanks for your report. It was sent to the moderators of social.example.'),
    ).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent.map((c) => c.url.replace('/api/v1', ''))).toEqual(['/federation/reports']);
    expect(sent[0]!.body).toEqual({
      objectId: 'https://social.example/users/bo/statuses/112',
      reason: 'spam',
      note: '',
    });
  });

  it('offers no Delete to a member on someone else’s post', async () => {
    api(post({ author: kofi }), [fromElsewhere]);
    renderApp(`/post/${postId}`);
    expect(await screen.findByText('via social.example', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete reply/ })).not.toBeInTheDocument();
  });
});

describe('boosts on the card', () => {
  it('shows how many boosts, said in full to a screen reader, only when there are some', async () => {
    api(post({ boostCount: 3, likeCount: 2 }), []);
    renderApp(`/post/${postId}`);
    const boosts = await screen.findByText(/^3 boosts/, undefined, { timeout: 20_000 });
    expect(boosts).toHaveTextContent('3 boosts from people on other servers');
    expect(screen.getByText('2 likes')).toBeInTheDocument();
  });

  it('says nothing of boosts when there are none', async () => {
    api(post({ boostCount: 0 }), []);
    renderApp(`/post/${postId}`);
    expect(await screen.findByText('0 likes', undefined, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/boost/)).not.toBeInTheDocument());
  });
});
