import type { AdvancedSearchResult, RemoteMatch } from '@muster/contract/search';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { routes } from '../../app/router';
import { signedIn, stubApi } from '../../test/render';

/**
 * Another Muster's listings in search results (decision 089) and Offer help on one (the one offer
 * form, sent to POST /federation/offers with the listing's Note id), through the app's real routes.
 */

const remote = (over: Partial<RemoteMatch> = {}): RemoteMatch => ({
  kind: 'need',
  title: 'Generator for an insulin fridge',
  excerpt: 'Power is out since the typhoon.',
  category: 'Power',
  status: 'open',
  emergency: false,
  place: 'Mandaue City, Cebu',
  createdAt: '2026-11-28T09:12:03.512Z',
  remote: {
    server: 'far.example',
    url: 'https://far.example/post/9',
    objectId: 'https://far.example/ap/posts/9',
    authorUri: 'https://far.example/ap/users/zoe',
  },
  ...over,
});
const answer = (remoteMatches: RemoteMatch[]): AdvancedSearchResult => ({
  users: [],
  needsMatches: [],
  provisionsMatches: [],
  missionMatches: [],
  remoteMatches,
});
const path = (url: string) => url.replace('/api/v1', '');

function openSearch(
  matches: RemoteMatch[],
  offer: (body: unknown) => { status: number; body?: unknown } = () => ({ status: 200, body: { data: {} } }),
) {
  const calls = stubApi((url, init) => {
    const p = path(url);
    if (p.startsWith('/users/advanced-search')) return { status: 200, body: { data: answer(matches) } };
    if (p === '/hashtags/trending') return { status: 200, body: { data: [] } };
    if (p === '/federation/offers' && init?.method === 'POST') return offer(JSON.parse(String(init.body)));
    return signedIn()(url);
  });
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: '/search', state: { query: 'generator' } }],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return calls;
}

describe('remote listings in search, and Offer help on one', () => {
  it('shows "From <server>", links to the listing on its server in a new tab, and offers help only while open', async () => {
    openSearch([
      remote(),
      remote({
        title: 'Fuel for it',
        status: 'fulfilled',
        remote: { ...remote().remote, objectId: 'https://far.example/ap/posts/10' },
      }),
    ]);
    const block = await screen.findByRole('region', { name: 'From other servers' }, { timeout: 20_000 });
    const link = within(block).getByRole('link', { name: /Generator for an insulin fridge/ });
    expect(link).toHaveAttribute('href', 'https://far.example/post/9');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(/on far\.example, opens in a new tab/);
    expect(within(block).getAllByText('From far.example')).toHaveLength(2);
    expect(within(block).getByText(/Fulfilled/)).toBeInTheDocument();
    // One Offer help: the fulfilled one has none.
    expect(within(block).getAllByRole('button', { name: /Offer help/ })).toHaveLength(1);
  });

  it('sends the offer with the listing’s Note id and says which server it went to', async () => {
    const user = userEvent.setup();
    const calls = openSearch([remote()]);
    const block = await screen.findByRole('region', { name: 'From other servers' }, { timeout: 20_000 });
    await user.click(within(block).getByRole('button', { name: /Offer help/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer help' }, { timeout: 20_000 });
    expect(dialog).toHaveTextContent('Your offer goes to far.example');
    await user.type(
      await within(dialog).findByLabelText('Message', {}, { timeout: 20_000 }),
      'I have a spare one',
    );
    await user.type(within(dialog).getByLabelText(/When/), 'Saturday');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent to far.example')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer help' })).not.toBeInTheDocument());
    const sent = calls.filter((c) => path(c.url) === '/federation/offers');
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { message: 'I have a spare one', when: 'Saturday', objectId: 'https://far.example/ap/posts/9' },
      }),
    ]);
  });

  it('puts the server’s field details under their fields, and checks the message before sending', async () => {
    const user = userEvent.setup();
    const calls = openSearch([remote()], () => ({
      status: 400,
      body: {
        message: 'Check the offer',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'give', message: 'That is more than anyone can carry' }],
      },
    }));
    const block = await screen.findByRole('region', { name: 'From other servers' }, { timeout: 20_000 });
    await user.click(within(block).getByRole('button', { name: /Offer help/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer help' }, { timeout: 20_000 });
    // Empty: refused here, nothing sent.
    await user.click(await within(dialog).findByRole('button', { name: 'Send offer' }, { timeout: 20_000 }));
    expect(await within(dialog).findByText('Say how you can help')).toBeInTheDocument();
    expect(calls.filter((c) => path(c.url) === '/federation/offers')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Message'), 'I can help');
    await user.type(within(dialog).getByLabelText(/What you can give/), 'Ten tonnes');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('That is more than anyone can carry')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/What you can give/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Offer help' })).toBeInTheDocument();
  });
});
