import type { Comment, LocalComment, Post } from '@muster/contract/posts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const postId = '01a20000-0000-7000-8000-0000000000p1';
const ada = {
  _id: userFixture._id,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  headline: 'Logistics',
  profilePicture: '/avatar.png',
};
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000k1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};

const post = (over: Partial<Post> = {}): Post =>
  postFixture({
    _id: postId,
    author: ada,
    title: 'Water filters',
    content: 'We need 20 filters in Tamale',
    category: 'Medical supplies',
    commentCount: 2,
    ...over,
  });

const comment = (
  id: string,
  author: LocalComment['author'],
  content: string,
  parentId: string | null = null,
): Comment => ({
  _id: id,
  postId,
  parentId,
  content,
  createdAt: '2026-11-21T00:00:00.000Z',
  author,
  remote: null,
  hiddenReason: null,
});

/** The post page with its comments; `answers` by "METHOD /path" (query strings ignored). */
function api(
  thePost: () => Post,
  comments: Comment[],
  answers: Record<string, (body: unknown) => unknown> = {},
) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.replace('/api/v1', '').split('?')[0]}`;
    if (key in answers)
      return { status: 200, body: answers[key]!(init?.body ? JSON.parse(String(init.body)) : undefined) };
    if (key === `GET /posts/${postId}`) return { status: 200, body: { data: thePost() } };
    if (key === `GET /posts/${postId}/comments`) return { status: 200, body: { data: comments } };
    return signedIn()(url);
  });
}

const writes = (calls: Array<{ url: string; method: string; body?: unknown }>) =>
  calls
    .filter((c) => c.method !== 'GET')
    .map((c) => ({ call: `${c.method} ${c.url.replace('/api/v1', '')}`, body: c.body }));

describe('editing a post', () => {
  it('lets the author change title, text and category, checked before sending', async () => {
    let current = post();
    const calls = api(() => current, [], {
      [`PATCH /posts/${postId}`]: (body) => {
        current = post(body as Partial<Post>);
        return { data: current };
      },
    });
    renderApp(`/post/${postId}`);
    expect(await screen.findByText('Open', {}, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Medical supplies');

    await userEvent.clear(within(dialog).getByLabelText('Text'));
    await userEvent.clear(within(dialog).getByLabelText('Category'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write something to share')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a category')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Text')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Text'), 'We need 30 filters in Tamale');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'Water');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('We need 30 filters in Tamale')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        call: `PATCH /posts/${postId}`,
        body: { title: 'Water filters', content: 'We need 30 filters in Tamale', category: 'Water' },
      },
    ]);
  });

  it('asks no category of a plain post, and shows no Edit to others', async () => {
    api(() => post({ kind: 'general', category: null, status: null }), []);
    renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.queryByText('Open')).not.toBeInTheDocument();
  });

  it('offers no Edit or Delete on someone else’s post', async () => {
    api(() => post({ author: kofi }), []);
    renderApp(`/post/${postId}`);
    expect(
      await screen.findByText('We need 20 filters in Tamale', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
  });
});

describe('deleting a post', () => {
  it('asks in the app’s own dialog first: Cancel deletes nothing, Delete does', async () => {
    const calls = api(() => post(), [], { [`DELETE /posts/${postId}`]: () => ({ data: { ok: true } }) });
    renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete post' }, { timeout: 20_000 }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this post?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ call: `DELETE /posts/${postId}`, body: undefined }]);
  });
});

describe('deleting a comment', () => {
  it('lets the post’s author delete any comment, after a confirm, with its replies', async () => {
    const calls = api(
      () => post(),
      [comment('c1', kofi, 'I can drive them'), comment('c2', ada, 'Thank you!', 'c1')],
      {
        [`DELETE /posts/${postId}/comments/c1`]: () => ({ data: { ok: true } }),
      },
    );
    renderApp(`/post/${postId}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete comment by Kofi Boateng' }, { timeout: 20_000 }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete comment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete comment by Kofi Boateng' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(screen.queryByText('I can drive them')).not.toBeInTheDocument();
    expect(screen.queryByText('Thank you!')).not.toBeInTheDocument();
    expect(screen.getByText('0 comments')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ call: `DELETE /posts/${postId}/comments/c1`, body: undefined }]);
  });

  it('lets a commenter delete only their own comment on someone else’s post', async () => {
    api(() => post({ author: kofi }), [comment('c1', kofi, 'Anyone?'), comment('c2', ada, 'I have two')]);
    renderApp(`/post/${postId}`);
    expect(
      await screen.findByRole('button', { name: 'Delete comment by Ada Okafor' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete comment by Kofi Boateng' })).not.toBeInTheDocument();
  });
});

describe('the hunt modal', () => {
  it('sends the picture as a data URL and the chosen place, from its one place field, with the hunt', async () => {
    const place = {
      placeId: 'p1',
      name: 'Tamale',
      address: 'Tamale, Ghana',
      coordinates: [-0.85, 9.4] as [number, number],
    };
    const calls = api(() => post(), [], {
      'GET /geo/search': () => ({ data: [place] }),
      'POST /posts/create-hunt': () => ({ data: post({ kind: 'hunt', huntType: 'product' }) }),
    });
    renderApp('/hunt');
    await userEvent.click(await screen.findByRole('button', { name: 'Start a hunt' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Product or Service Hunt' });
    await userEvent.click(within(dialog).getByText('Product'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Solar lamps');

    const file = new File(['png'], 'lamp.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByTestId('hunt-image-input'), { target: { files: [file] } });
    expect(await within(dialog).findByAltText('Preview of the attached image')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );

    // One place field (decision 052): the place search, and no free "Location" beside it.
    expect(within(dialog).queryByLabelText('Location')).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(1);
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(2); // Title, Description
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Tam');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Tamale, Ghana' }, { timeout: 20_000 }),
    );
    expect(within(dialog).getByRole('button', { name: 'Remove place' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Post hunt' }));
    expect(await screen.findByText('Hunt post created successfully')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      huntType: 'product',
      title: 'Solar lamps',
      location: 'Tamale, Ghana',
      mapLocation: { address: 'Tamale, Ghana', coordinates: [-0.85, 9.4] },
    });
    expect(String(sent.image)).toMatch(/^data:image\/png;base64,/);
  });
});
