import type { Alert } from '@muster/contract/alerts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { routes } from '../../../app/router';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';
import { cebuPlace as cebu } from '../../../test/places';

/** Issue 37 item 2 (decision 080): /settings/alerts, and "Get alerts like this" on the search page. */

const path = (url: string) => url.replace(/^.*\/api\/v1/, '');
const generators: Alert = {
  _id: '019a0000-0000-7000-8000-0000000000b1',
  name: 'Generators near home',
  words: 'generator',
  category: 'Energy',
  kinds: ['need', 'want'],
  place: { address: 'Cebu City, Cebu, Philippines', name: 'Cebu City', coordinates: [123.89, 10.32] },
  radiusKm: 25,
  fromPostId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};

function api(list: Alert[]) {
  let alerts = [...list];
  return stubApi((url, init) => {
    const p = path(url);
    const method = init?.method ?? 'GET';
    if (p.startsWith('/geo/search')) return { status: 200, body: { data: [cebu] } };
    if (p === '/users/me/alerts' && method === 'GET') return { status: 200, body: { data: alerts } };
    if (p === '/users/me/alerts' && method === 'POST') {
      const body = JSON.parse(String(init!.body));
      const made = { ...generators, ...body, _id: '019a0000-0000-7000-8000-0000000000b2' };
      alerts = [...alerts, made];
      return { status: 200, body: { data: made } };
    }
    if (p.startsWith('/users/me/alerts/') && method === 'PATCH') {
      const saved = { ...alerts[0]!, ...JSON.parse(String(init!.body)) };
      alerts = [saved];
      return { status: 200, body: { data: saved } };
    }
    if (p.startsWith('/users/me/alerts/') && method === 'DELETE') {
      alerts = [];
      return { status: 204 };
    }
    if (p.startsWith('/users/advanced-search'))
      return {
        status: 200,
        body: { data: { users: [], needsMatches: [], provisionsMatches: [], missionMatches: [] } },
      };
    return signedIn()(url);
  });
}

const openPage = async () => {
  renderApp('/settings/alerts');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Alerts' }, { timeout: 20_000 }),
  ).toBeInTheDocument();
};

describe('/settings/alerts', { timeout: 90_000 }, () => {
  it('says there are none yet, with the next step', async () => {
    api([]);
    await openPage();
    expect(await screen.findByText('No alerts yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/choose “Get alerts like this”/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New alert' }));
    expect(await screen.findByRole('dialog', { name: 'New alert' })).toBeInTheDocument();
  });

  it('lists an alert, changes its radius, and deletes it after asking', async () => {
    const calls = api([generators]);
    await openPage();
    expect(await screen.findByText('Generators near home', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Needs and Wants · “generator” · Energy')).toBeInTheDocument();
    expect(screen.getByText('Within 25 km of Cebu City')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Generators near home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    const radius = within(dialog).getByLabelText('Within (km)');
    await userEvent.clear(radius);
    await userEvent.type(radius, '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    // Checked before it is sent, with the contract's words, on the field.
    expect(within(dialog).getByText('The radius is at most 500 km')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.clear(radius);
    await userEvent.type(radius, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Alert changed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ radiusKm: 40, words: 'generator' });
    expect(await screen.findByText('Within 40 km of Cebu City')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Generators near home' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this alert?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted “Generators near home”')).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/users/me/alerts/${generators._id}`)),
    ).toBe(true);
    expect(await screen.findByText('No alerts yet')).toBeInTheDocument();
  });
});

describe('Get alerts like this', { timeout: 90_000 }, () => {
  it('opens from search results prefilled with the query, asks for a place, and saves', async () => {
    const calls = api([]);
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: '/search/needs', state: { query: 'generator' } }],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Get alerts like this' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Get alerts like this' });
    expect(within(dialog).getByLabelText(/Words to look for/)).toHaveValue('generator');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Generator near me');
    expect(within(dialog).getByRole('checkbox', { name: 'Needs' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Offers' })).not.toBeChecked();
    // No place yet: said at the place, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await within(dialog).findByText('Choose a place')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('combobox', { name: /Place/ }), 'Cebu');
    await userEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Cebu City, Cebu, Philippines' },
        { timeout: 20_000 },
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText(/Alert saved/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Get alerts like this' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Generator near me',
      words: 'generator',
      category: '',
      kinds: ['need', 'want'],
      place: {
        address: cebu.address,
        name: 'Cebu City',
        coordinates: cebu.coordinates,
        placeId: cebu.placeId,
        parts: cebu.parts,
      },
      radiusKm: 25,
    });
  });
});

describe('Needs near this', { timeout: 90_000 }, () => {
  it('on the author’s own provision makes an alert from it, then says it is on', async () => {
    const provision = postFixture({
      _id: '01a20000-0000-7000-8000-0000000000f9',
      kind: 'provision',
      status: null,
      title: 'Generator to lend',
      author: { ...postFixture().author, _id: userFixture._id, username: userFixture.username },
      mapLocation: { address: 'Cebu City, Cebu, Philippines', coordinates: [123.89, 10.32] },
    });
    let alerts: Alert[] = [];
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (p === `/posts/${provision._id}`) return { status: 200, body: { data: provision } };
      if (p === '/users/me/alerts' && init?.method === 'POST') {
        alerts = [{ ...generators, fromPostId: provision._id }];
        return { status: 200, body: { data: alerts[0] } };
      }
      if (p === '/users/me/alerts') return { status: 200, body: { data: alerts } };
      return signedIn()(url);
    });
    renderApp(`/post/${provision._id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Tell me about new needs near this' }, { timeout: 20_000 }),
    );
    expect(await screen.findByText('We will tell you of new needs near this offer')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fromPostId: provision._id });
    expect(
      await screen.findByRole('link', { name: 'Telling you of needs near this: your alerts' }),
    ).toHaveAttribute('href', '/settings/alerts');
  });
});
