import { screen, waitFor, within } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

/** The composer's "Open for" choice and its unsent draft (issue 16). */

const draftKey = `muster:composer-draft:${userFixture._id}`;
const path = (url: string) => url.replace(/^.*\/api\/v1/, '');

function api() {
  return stubApi((url, init) => {
    if (init?.method === 'POST' && path(url) === '/posts/create') {
      const body = JSON.parse(String(init.body));
      return {
        status: 200,
        body: {
          data: postFixture({
            author: { ...userFixture },
            content: body.content,
            category: body.category ?? null,
            kind: body.kind,
            expiresAt: '2026-12-20T00:00:00.000Z',
          }),
        },
      };
    }
    return signedIn()(url);
  });
}

async function openComposer() {
  renderApp('/');
  await userEvent.click(
    await screen.findByRole(
      'button',
      { name: 'Share your needs & wants with the world' },
      { timeout: 20_000 },
    ),
  );
  return screen.findByRole('dialog', { name: 'Create a post' }, { timeout: 20_000 });
}

beforeEach(() => localStorage.clear());

describe('the composer', () => {
  it('asks how long a need stays open (30 days by default) and sends the choice', async () => {
    const calls = api();
    const dialog = await openComposer();
    expect(within(dialog).queryByLabelText('Open for')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Need'));
    const openFor = within(dialog).getByLabelText('Open for');
    expect(openFor).toHaveValue('30');
    expect(
      within(openFor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['7 days', '14 days', '30 days', '60 days', '90 days']);
    await userEvent.selectOptions(openFor, '14');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'Transport');
    await userEvent.type(within(dialog).getByLabelText('Text'), 'A van to Chatsworth on Saturday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'need',
      category: 'Transport',
      content: 'A van to Chatsworth on Saturday',
      openForDays: 14,
    });
    // Posted: nothing is kept.
    await waitFor(() => expect(localStorage.getItem(draftKey)).toBeNull());
  });

  it('sends no period for an offer or a general post', async () => {
    const calls = api();
    const dialog = await openComposer();
    await userEvent.click(within(dialog).getByText('Offer'));
    expect(within(dialog).queryByLabelText('Open for')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Category'), 'Transport');
    await userEvent.type(within(dialog).getByLabelText('Text'), 'Two vans free on Sunday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        kind: 'provision',
        category: 'Transport',
        content: 'Two vans free on Sunday',
      }),
    );
  });

  it('keeps an unsent draft across a reload, for the same person only, until it is discarded', async () => {
    api();
    let dialog = await openComposer();
    await userEvent.click(within(dialog).getByText('Want'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Open for'), '7');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'Translation');
    await userEvent.type(within(dialog).getByLabelText('Title (optional)'), 'isiZulu voice notes');
    await userEvent.type(within(dialog).getByLabelText('Text'), 'Two volunteers to record alerts');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(draftKey)!)).toMatchObject({
        kind: 'want',
        openForDays: 7,
        content: 'Two volunteers to record alerts',
      }),
    );

    // A reload: the app starts again from nothing but the browser's storage.
    cleanup();
    api();
    dialog = await openComposer();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your unsent draft is back.');
    expect(within(dialog).getByLabelText('Text')).toHaveValue('Two volunteers to record alerts');
    expect(within(dialog).getByLabelText('Title (optional)')).toHaveValue('isiZulu voice notes');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Translation');
    expect(within(dialog).getByLabelText('Open for')).toHaveValue('7');
    expect(within(dialog).getByRole('radio', { name: 'Want' })).toBeChecked();

    // Someone else signing in on this browser starts blank.
    cleanup();
    stubApi(signedIn({ ...userFixture, _id: '01a20000-0000-7000-8000-0000000000c9', username: 'kofi' }));
    dialog = await openComposer();
    expect(within(dialog).getByLabelText('Text')).toHaveValue('');
    expect(within(dialog).queryByText('Your unsent draft is back.')).not.toBeInTheDocument();

    cleanup();
    api();
    dialog = await openComposer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(within(dialog).getByLabelText('Text')).toHaveValue('');
    expect(within(dialog).queryByText('Your unsent draft is back.')).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(draftKey)).toBeNull());
  });

  it('ignores a stored draft it cannot read', async () => {
    localStorage.setItem(draftKey, '{"kind":"rocket","content":5}');
    api();
    const dialog = await openComposer();
    expect(within(dialog).getByLabelText('Text')).toHaveValue('');
  });
});
