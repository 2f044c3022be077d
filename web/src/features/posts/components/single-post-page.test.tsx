import type { Post } from '@muster/contract/posts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi } from '../../../test/render';

const postId = '01a20000-0000-7000-8000-0000000000p2';
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000k2',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};

function open(post: Post | null) {
  stubApi((url) => {
    const p = url.replace('/api/v1', '').split('?')[0];
    if (p === `/posts/${postId}`)
      return post
        ? { status: 200, body: { data: post } }
        : { status: 404, body: { message: 'Post not found', code: 'NOT_FOUND' } };
    if (p === `/posts/${postId}/comments`) return { status: 200, body: { data: [] } };
    return signedIn()(url);
  });
  renderApp(`/post/${postId}`);
}

describe('/post/{postId} is named by whose post it is and what about', () => {
  it('by its title', async () => {
    open(postFixture({ _id: postId, author: kofi, title: 'Two vans for water', content: 'River rising' }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Kofi Boateng: Two vans for water' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kofi Boateng: Two vans for water · Muster'));
  });

  it('by the start of its text when it has no title', async () => {
    const content = 'The ward office now schedules drain cleaning from our map, ahead of the monsoon season.';
    open(postFixture({ _id: postId, author: kofi, title: '', content }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Kofi Boateng: The ward office now schedules drain cleaning from our map,…' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
  });

  it('says when it is gone', async () => {
    open(null);
    expect(
      await screen.findByText('This post no longer exists', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });
});
