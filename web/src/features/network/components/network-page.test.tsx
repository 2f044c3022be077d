import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const card = (id: string, first: string, last: string) => ({
  _id: id,
  username: first.toLowerCase(),
  firstName: first,
  lastName: last,
  headline: '',
  profilePicture: '/avatar.png',
});
const kofi = card('01a20000-0000-7000-8000-0000000000c1', 'Kofi', 'Boateng');
const amara = card('01a20000-0000-7000-8000-0000000000c2', 'Amara', 'Diallo');
const yaw = card('01a20000-0000-7000-8000-0000000000c3', 'Yaw', 'Asante');
const page = (data: unknown[]) => ({ data, meta: { nextCursor: null } });

/** The network's calls answered from mutable lists, so a write changes what the next read sees. */
function network(state: { received: unknown[]; connections: unknown[]; suggestions: unknown[] }) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.replace('/api/v1', '');
    if (method === 'GET' && path === '/connections/requests')
      return { status: 200, body: { data: state.received } };
    if (method === 'GET' && path === '/connections/requests/sent') return { status: 200, body: { data: [] } };
    if (method === 'GET' && path === '/connections') return { status: 200, body: page(state.connections) };
    if (method === 'GET' && path === '/users/suggestions')
      return { status: 200, body: { data: state.suggestions } };
    if (method === 'PUT' && path === '/connections/requests/q1/accept') {
      state.received = [];
      state.connections = [{ user: kofi, connectedAt: new Date().toISOString() }];
      return { status: 200, body: { data: { connection: 'connected' } } };
    }
    if (method === 'DELETE' && path === `/connections/${kofi._id}`) {
      state.connections = [];
      return { status: 200, body: { data: { connection: 'none' } } };
    }
    if (method === 'POST' && path === `/connections/${yaw._id}`)
      return { status: 201, body: { data: { connection: 'pending-sent', message: 'Request sent' } } };
    return signedIn()(url);
  });
}

describe('/network', () => {
  it('says what to do next when everything is empty', async () => {
    network({ received: [], connections: [], suggestions: [] });
    renderApp('/network');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Network' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No pending connection requests')).toBeInTheDocument();
    expect(screen.getByText('No requests waiting for an answer.')).toBeInTheDocument();
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();
    expect(await screen.findByText('No suggestions right now')).toBeInTheDocument();
  });

  it('accepts a request: it leaves the list and the badge, and the person is a connection', async () => {
    network({
      received: [{ _id: 'q1', user: kofi, createdAt: new Date().toISOString() }],
      connections: [],
      suggestions: [amara],
    });
    renderApp('/network');
    const pending = await screen.findByRole('region', { name: /Pending requests/ }, { timeout: 20_000 });
    expect(await within(pending).findByText('Kofi Boateng')).toBeInTheDocument();
    expect((await screen.findAllByTestId('badge-Pending connection requests'))[0]).toHaveTextContent('1');

    await userEvent.click(within(pending).getByRole('button', { name: 'Accept Kofi Boateng' }));
    expect(await screen.findByText('You are now connected with Kofi Boateng')).toBeInTheDocument();
    expect(await within(pending).findByText('No pending connection requests')).toBeInTheDocument();
    expect(screen.queryByTestId('badge-Pending connection requests')).not.toBeInTheDocument();
    const connections = screen.getByRole('region', { name: 'Connections' });
    expect(await within(connections).findByText('Kofi Boateng')).toBeInTheDocument();
  });

  it('removes a connection only after the confirm', async () => {
    const calls = network({
      received: [],
      connections: [{ user: kofi, connectedAt: '2026-01-01T00:00:00.000Z' }],
      suggestions: [],
    });
    renderApp('/network');
    const connections = await screen.findByRole('region', { name: 'Connections' }, { timeout: 20_000 });
    await userEvent.click(await within(connections).findByRole('button', { name: 'Remove Kofi Boateng' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove connection?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Connection removed')).toBeInTheDocument();
    expect(await within(connections).findByText('No connections yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/connections/${kofi._id}`,
    ]);
  });

  it('shows mutual connections on suggestions, and Connect turns into Pending', async () => {
    network({
      received: [],
      connections: [],
      suggestions: [
        { ...yaw, mutualCount: 2 },
        { ...amara, mutualCount: 1 },
      ],
    });
    renderApp('/network');
    const people = await screen.findByRole('region', { name: 'People you may know' }, { timeout: 20_000 });
    expect(await within(people).findByText('2 mutual connections')).toBeInTheDocument();
    expect(within(people).getByText('1 mutual connection')).toBeInTheDocument();
    await userEvent.click(within(people).getByRole('button', { name: 'Connect with Yaw Asante' }));
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(people).queryByRole('button', { name: 'Connect with Yaw Asante' }),
      ).not.toBeInTheDocument(),
    );
  });
});
