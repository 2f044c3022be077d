import type { SentRemoteOffer } from '@muster/contract/federation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../test/render';

/** /offers "Made": the help I offered on other servers' needs (decision 090). */

const nodeInfo = {
  links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: '/nodeinfo/2.1' }],
};
const sent = (over: Partial<SentRemoteOffer> = {}): SentRemoteOffer => ({
  id: '01a20000-0000-7000-8000-0000000000f1',
  objectId: 'https://one.example/ap/posts/01a20000-0000-7000-8000-0000000000p1',
  url: 'https://one.example/#/post/01a20000-0000-7000-8000-0000000000p1',
  title: 'Water for the clinic',
  server: 'one.example',
  state: 'sent',
  message: 'I drive a water truck.',
  give: '',
  when: '',
  createdAt: new Date().toISOString(),
  decidedAt: null,
  ...over,
});
const emptyPage = { status: 200, body: { data: [], meta: { nextCursor: null } } };

function api(offers: SentRemoteOffer[], federates = true) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.replace('/api/v1', '');
    if (url === '/.well-known/nodeinfo')
      return federates
        ? { status: 200, body: nodeInfo }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    if (path.startsWith('/offers?')) return emptyPage;
    if (path === '/federation/offers' && method === 'GET') return { status: 200, body: { data: offers } };
    if (path === `/federation/offers/${offers[0]?.id}` && method === 'DELETE') {
      offers[0] = { ...offers[0]!, state: 'withdrawn' };
      return { status: 200, body: { data: offers[0] } };
    }
    return signedIn()(url);
  });
}

describe('offers sent to other servers, under Made', () => {
  it('lists each with its server and where it stands there, and withdraws one still unanswered', async () => {
    const offers = [
      sent(),
      sent({ id: '01a20000-0000-7000-8000-0000000000f2', title: 'Tarps', state: 'accepted' }),
    ];
    const calls = api(offers);
    renderApp('/offers');
    await userEvent.click(await screen.findByRole('tab', { name: 'Made' }, { timeout: 20_000 }));
    const section = await screen.findByRole('region', { name: 'On other servers' }, { timeout: 20_000 });
    const [first, second] = within(section).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: /Water for the clinic/ })).toHaveAttribute(
      'href',
      'https://one.example/#/post/01a20000-0000-7000-8000-0000000000p1',
    );
    expect(first).toHaveTextContent('From one.example');
    expect(first).toHaveTextContent('Status: Sent');
    expect(second).toHaveTextContent('Status: Accepted');
    // Only an unanswered offer can be withdrawn.
    expect(within(second!).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    await userEvent.click(
      within(first!).getByRole('button', { name: 'Withdraw: your offer on Water for the clinic' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this offer?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.replace('/api/v1', ''))).toEqual([
      '/federation/offers/01a20000-0000-7000-8000-0000000000f1',
    ]);
    await waitFor(() => expect(first).toHaveTextContent('Status: Withdrawn'));
    expect(within(first!).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('shows nothing of the sort on a server that does not federate', async () => {
    const calls = api([sent()], false);
    renderApp('/offers');
    await userEvent.click(await screen.findByRole('tab', { name: 'Made' }, { timeout: 20_000 }));
    expect(await screen.findByText("You haven't offered help yet.")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/.well-known/nodeinfo')).toBe(true));
    expect(screen.queryByRole('region', { name: 'On other servers' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/federation/offers'))).toBe(false);
  });
});
