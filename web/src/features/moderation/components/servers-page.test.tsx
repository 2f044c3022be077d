import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const admin = { ...userFixture, role: 'admin' as const };
type Server = {
  host: string;
  policy: 'blocked' | 'limited';
  reason: string;
  addedBy: string | null;
  createdAt: string;
  followers: number;
  remotePosts: number;
};

describe('/moderation/servers', () => {
  it('tells a member it is for admins only', async () => {
    stubApi(signedIn());
    renderApp('/moderation/servers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admins only' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('starts empty with a next step, blocks after a confirmation, limits, changes and lifts, with toasts', async () => {
    let list: Server[] = [];
    const calls = stubApi((url, init) => {
      if (url.endsWith('/admin/federation/servers') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Pick<Server, 'host' | 'policy' | 'reason'>;
        if (body.host === 'muster.test')
          return {
            status: 400,
            body: {
              message: 'That is this server: it cannot block or limit itself',
              code: 'VALIDATION_FAILED',
              details: [{ path: 'host', message: 'That is this server: it cannot block or limit itself' }],
            },
          };
        const server: Server = {
          ...body,
          addedBy: 'Ada Okafor (@ada)',
          createdAt: '2026-11-20T10:00:00.000Z',
          followers: body.policy === 'blocked' ? 0 : 3,
          remotePosts: body.policy === 'blocked' ? 0 : 5,
        };
        list = [...list.filter((s) => s.host !== body.host), server].sort((a, b) =>
          a.host.localeCompare(b.host),
        );
        return { status: 200, body: { data: server } };
      }
      if (url.endsWith('/admin/federation/servers')) return { status: 200, body: { data: list } };
      if (init?.method === 'DELETE' && url.includes('/admin/federation/servers/')) {
        list = list.filter((s) => !url.endsWith(encodeURIComponent(s.host)));
        return { status: 200, body: { data: { ok: true } } };
      }
      return signedIn(admin)(url);
    });
    renderApp('/moderation/servers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Federated servers' }, { timeout: 20_000 }),
    ).toBeVisible();
    // Next to the watched list in the admin pages' nav.
    const nav = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(within(nav).getByRole('link', { name: 'Federated servers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Watched words' })).toBeInTheDocument();
    const listed = screen.getByRole('region', { name: 'Blocked and limited' });
    expect(await within(listed).findByText('No server is blocked or limited')).toBeInTheDocument();

    // The contract's own check runs first: nothing is sent for a URL or without a reason.
    await userEvent.type(screen.getByLabelText('Server'), 'https://spam.example/about');
    await userEvent.click(screen.getByRole('button', { name: 'Block server' }));
    expect(await screen.findByText(/no https:\/\/ and no path/)).toBeInTheDocument();
    expect(screen.getAllByText('Say why').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // A block is confirmed first: Cancel sends nothing.
    await userEvent.clear(screen.getByLabelText('Server'));
    await userEvent.type(screen.getByLabelText('Server'), 'Spam.Example');
    await userEvent.type(screen.getByLabelText('Why'), 'Spam waves');
    await userEvent.click(screen.getByRole('button', { name: 'Block server' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Block spam.example?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Block server' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Block spam.example?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block server' }));
    expect(await screen.findByText('spam.example is now blocked')).toBeInTheDocument();

    // A limit is sent at once.
    await userEvent.type(screen.getByLabelText('Server'), 'loud.example:8443');
    await userEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    await userEvent.type(screen.getByLabelText('Why'), 'No moderation');
    await userEvent.click(screen.getByRole('button', { name: 'Limit server' }));
    expect(await screen.findByText('loud.example:8443 is now limited')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { host: 'spam.example', policy: 'blocked', reason: 'Spam waves' },
      { host: 'loud.example:8443', policy: 'limited', reason: 'No moderation' },
    ]);

    const entries = await within(listed).findByRole('list', { name: 'Blocked and limited servers' });
    expect(await within(entries).findByText('loud.example:8443')).toBeInTheDocument();
    expect(within(entries).getByText('Blocked')).toBeInTheDocument();
    expect(within(entries).getByText('Limited')).toBeInTheDocument();
    expect(within(entries).getByText('No moderation')).toBeInTheDocument();
    expect(within(entries).getByText(/3 followers here · 5 posts kept/)).toBeInTheDocument();

    // The server's refusal lands on the field.
    await userEvent.type(screen.getByLabelText('Server'), 'muster.test');
    await userEvent.type(screen.getByLabelText('Why'), 'oops');
    await userEvent.click(screen.getByRole('button', { name: 'Limit server' }));
    expect(
      (await screen.findAllByText('That is this server: it cannot block or limit itself')).length,
    ).toBeGreaterThan(0);

    // Change a limit to a block, confirmed.
    await userEvent.click(within(entries).getByRole('button', { name: 'Block loud.example:8443 instead' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Block loud.example:8443 instead?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block server' }));
    expect(await screen.findByText('loud.example:8443 is now blocked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      host: 'loud.example:8443',
      policy: 'blocked',
      reason: 'No moderation',
    });

    // Lift the block on spam.example, confirmed.
    await userEvent.click(within(entries).getByRole('button', { name: 'Lift the block on spam.example' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Lift the block on spam.example?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('spam.example is no longer blocked')).toBeInTheDocument();
    await expect.poll(() => within(listed).queryByText('spam.example')).toBeNull();
  });
});
