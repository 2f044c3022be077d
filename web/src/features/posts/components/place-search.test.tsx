import type { Place } from '@muster/contract/geo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';
import { cebuPlace as cebu } from '../../../test/places';

/** Issue 32, item 1: the place picker says when it finds nothing, and what was typed is never dropped. */

const path = (url: string) => url.replace(/^.*\/api\/v1/, '');

/** The app, with place search answering `places` for every query but "Lahug", which finds nothing. */
function api(places: Place[] = [cebu]) {
  return stubApi((url, init) => {
    if (path(url).startsWith('/geo/search')) {
      const q = new URL(url, 'http://x').searchParams.get('q');
      return { status: 200, body: { data: q === 'Lahug' || q === 'Lahug, Cebu' ? [] : places } };
    }
    if (init?.method === 'POST' && path(url) === '/posts/create') {
      const body = JSON.parse(String(init.body));
      return {
        status: 200,
        body: { data: postFixture({ author: { ...userFixture }, content: body.content, kind: body.kind }) },
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
  const dialog = await screen.findByRole('dialog', { name: 'Create a post' }, { timeout: 20_000 });
  await userEvent.type(within(dialog).getByLabelText('Text'), 'Tarpaulins for twelve families');
  return dialog;
}

const created = (calls: Array<{ url: string; method: string; body?: unknown }>) =>
  calls.find((c) => c.method === 'POST' && path(c.url) === '/posts/create')?.body as Record<string, unknown>;

beforeEach(() => localStorage.clear());

// Each test types, waits out the search's pause, and posts, in the whole app: on a busy machine
// that takes longer than the default 30 s (decision 048: tests wait for what they read).
describe('the place picker', { timeout: 90_000 }, () => {
  it('says when nothing is found, announced, and offers to keep the words as typed', async () => {
    const calls = api();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Lahug');
    const status = within(dialog).getByTestId('place-search-status');
    await waitFor(() => expect(status).toHaveTextContent("No place found — keep 'Lahug' as typed?"), {
      timeout: 20_000,
    });
    // A live region that was there before the words came into it: they are announced.
    expect(status).toHaveAttribute('aria-live', 'polite');
    // Reached from the box with the keyboard alone.
    await userEvent.tab();
    expect(within(status).getByRole('button', { name: 'Keep as typed' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByText('Lahug')).toBeInTheDocument();
    expect(within(dialog).getByText('as typed, not on the map')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
    // A place with the words and no point: the "place without coordinates" a post allows.
    expect(created(calls).mapLocation).toEqual({ address: 'Lahug', name: 'Lahug' });
  });

  it('does not say "nothing found" while the search is on its way, nor when it failed', async () => {
    let answer: (() => void) | undefined;
    stubApi(async (url) => {
      if (path(url).startsWith('/geo/search')) {
        await new Promise<void>((r) => (answer = r));
        return { status: 500, body: { message: 'down' } };
      }
      return signedIn()(url);
    });
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Lahug');
    await waitFor(() => expect(answer).toBeDefined(), { timeout: 20_000 });
    expect(within(dialog).queryByText(/No place found/)).not.toBeInTheDocument();
    answer!();
    expect(
      await within(dialog).findByText('Unable to load location suggestions.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/No place found/)).not.toBeInTheDocument();
    // The words can still be kept.
    expect(within(dialog).getByRole('button', { name: "Keep 'Lahug' as typed" })).toBeInTheDocument();
  });

  it('gives a place picked from the list its point', async () => {
    const calls = api();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Cebu Ci');
    await userEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Cebu City, Cebu, Philippines' },
        { timeout: 20_000 },
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
    expect(created(calls).mapLocation).toEqual({
      address: 'Cebu City, Cebu, Philippines',
      name: 'Cebu City',
      coordinates: [123.89071, 10.31672],
      placeId: 'gazetteer:1717512',
      parts: { locality: 'Cebu City', region: 'Cebu', country: 'Philippines' },
    });
  });

  it('keeps the words as typed from under the places found, too', async () => {
    const calls = api();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Cebu port');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: "Keep 'Cebu port' as typed" }, { timeout: 20_000 }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
    expect(created(calls).mapLocation).toEqual({ address: 'Cebu port', name: 'Cebu port' });
  });

  it('does not send a post whose place box holds words neither picked nor kept: it says so, at the box', async () => {
    const calls = api();
    const dialog = await openComposer();
    const box = within(dialog).getByRole('combobox', { name: /Place/ });
    await userEvent.type(box, 'Lahug, Cebu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    const message = "Pick a place from the list, or keep 'Lahug, Cebu' as typed.";
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(box).toHaveValue('Lahug, Cebu');
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(message);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Keep as typed' }, { timeout: 20_000 }),
    );
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
    expect(created(calls).mapLocation).toEqual({ address: 'Lahug, Cebu', name: 'Lahug, Cebu' });
  });

  it('does the same in the hunt form', async () => {
    const calls = stubApi((url, init) => {
      if (path(url).startsWith('/geo/search')) return { status: 200, body: { data: [] } };
      if (init?.method === 'POST')
        return {
          status: 200,
          body: { data: postFixture({ author: { ...userFixture }, kind: 'hunt', huntType: 'product' }) },
        };
      return signedIn()(url);
    });
    renderApp('/hunt');
    await userEvent.click(await screen.findByRole('button', { name: 'Start a hunt' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Product or Service Hunt' });
    await userEvent.click(within(dialog).getByText('Product'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Solar lamps');
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Sitio Malinao');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post hunt' }));
    expect(
      await within(dialog).findByText("Pick a place from the list, or keep 'Sitio Malinao' as typed."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Keep as typed' }, { timeout: 20_000 }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post hunt' }));
    expect(await screen.findByText('Hunt post created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      mapLocation: { address: 'Sitio Malinao' },
    });
  });

  it('does the same in the mission form, whose place search the router hands in', async () => {
    const calls = stubApi((url, init) => {
      if (path(url).startsWith('/geo/search')) return { status: 200, body: { data: [] } };
      if (init?.method === 'POST') return { status: 500, body: { message: 'Not now' } };
      return signedIn()(url);
    });
    renderApp('/create-mission');
    await userEvent.type(await screen.findByLabelText('Title', {}, { timeout: 20_000 }), 'Flood relief');
    await userEvent.click(screen.getByRole('radio', { name: /Collaboration/ }));
    const box = await screen.findByRole('combobox', { name: /Place/ }, { timeout: 20_000 });
    await userEvent.type(box, 'Purok 3, Lahug');
    await userEvent.click(screen.getByRole('button', { name: 'Create mission' }));
    expect(
      await screen.findByText("Pick a place from the list, or keep 'Purok 3, Lahug' as typed."),
    ).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep as typed' }, { timeout: 20_000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Create mission' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), { timeout: 20_000 });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      location: 'Purok 3, Lahug',
      mapLocation: { address: 'Purok 3, Lahug', name: 'Purok 3, Lahug' },
    });
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('mapLocation.coordinates');
  });
});
