import type { Post } from '@muster/contract/posts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const postId = '01a20000-0000-7000-8000-0000000000p7';
const maria = {
  _id: '01a20000-0000-7000-8000-0000000000m1',
  username: 'maria',
  firstName: 'Maria',
  lastName: 'Santos',
  headline: 'Nurse',
  profilePicture: '/avatar.png',
};
const me = {
  _id: userFixture._id,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  headline: 'Logistics',
  profilePicture: '/avatar.png',
};

const post = (over: Partial<Post>): Post =>
  postFixture({
    _id: postId,
    author: maria,
    title: 'Insulin in Tacloban',
    content: 'Insulin needed for my father',
    category: 'Medicine',
    ...over,
  });

function show(thePost: Post) {
  stubApi((url) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    if (path === `/posts/${postId}`) return { status: 200, body: { data: thePost } };
    if (path === `/posts/${postId}/comments`) return { status: 200, body: { data: [] } };
    return signedIn()(url);
  });
  renderApp(`/post/${postId}`);
}

describe('a post’s place on its card', () => {
  it('says when the place is approximate (what everyone but its author and accepted helpers sees)', async () => {
    show(
      post({
        mapLocation: {
          address: 'Tacloban City, Leyte, Philippines',
          coordinates: [125, 11.24],
          approximate: true,
        },
      }),
    );
    expect(
      await screen.findByText('Tacloban City, Leyte, Philippines', { exact: false }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('· Approximate location (~1 km)')).toBeInTheDocument();
  });

  it('shows the exact place plainly to those who may see it', async () => {
    show(
      post({
        author: me,
        mapLocation: {
          address: '12 Rizal Street, Tacloban City, Leyte, Philippines',
          coordinates: [125.00434, 11.24435],
        },
      }),
    );
    expect(
      await screen.findByText(
        '12 Rizal Street, Tacloban City, Leyte, Philippines',
        { exact: false },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Approximate location/)).not.toBeInTheDocument();
  });

  it('names no street when none is left to show', async () => {
    show(post({ mapLocation: { address: '', coordinates: [125, 11.24], approximate: true } }));
    expect(
      await screen.findByText('Approximate location', { exact: false }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
