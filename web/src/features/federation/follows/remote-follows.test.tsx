import type { RemoteFollow } from '@muster/contract/federation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const zoe: RemoteFollow = {
  id: '01a20000-0000-7000-8000-0000000000d1',
  actor: 'https://two.example/ap/users/zoe',
  handle: '@zoe@two.example',
  name: 'Zoe Park',
  avatar: null,
  host: 'two.example',
  state: 'accepted',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const nodeInfo = {
  links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: '/nodeinfo/2.1' }],
};
const refusal = (status: number, code: string, message: string) => ({ status, body: { code, message } });

/**
 * A federating server: NodeInfo answers, and the follows are a list that POST and DELETE change.
 * `answer` refuses a follow the way the server does, by handle.
 */
function server(
  state: { follows: RemoteFollow[]; federates?: boolean },
  answer: (handle: string) => { status: number; body: unknown } | undefined = () => undefined,
) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/.well-known/nodeinfo')
      return state.federates === false
        ? refusal(404, 'NOT_FOUND', 'Not found')
        : { status: 200, body: nodeInfo };
    if (url.endsWith('/federation/follows') && method === 'POST') {
      const { handle } = JSON.parse(String(init!.body)) as { handle: string };
      const refused = answer(handle.replace(/^@?/, '@'));
      if (refused) return refused;
      const made: RemoteFollow = {
        ...zoe,
        id: '01a20000-0000-7000-8000-0000000000d2',
        actor: 'https://far.example/users/kim',
        handle: '@kim@far.example',
        name: 'Kim',
        host: 'far.example',
        state: 'pending',
        createdAt: new Date().toISOString(),
      };
      state.follows = [made, ...state.follows];
      return { status: 200, body: { data: made } };
    }
    if (url.endsWith('/federation/follows')) return { status: 200, body: { data: state.follows } };
    if (method === 'DELETE' && url.includes('/federation/follows/')) {
      state.follows = state.follows.filter((f) => !url.endsWith(f.id));
      return { status: 200, body: { data: { ok: true } } };
    }
    return signedIn()(url);
  });
}

const section = () =>
  screen.findByRole('region', { name: 'Following on other servers' }, { timeout: 20_000 });
const handleBox = () => screen.getByLabelText('Follow someone on another server');

async function follow(handle: string) {
  await userEvent.clear(handleBox());
  await userEvent.type(handleBox(), handle);
  await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
}

describe('Following on other servers (/network)', () => {
  it('is not there when the server does not federate', async () => {
    const calls = server({ follows: [zoe], federates: false });
    renderApp('/network');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Network' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/.well-known/nodeinfo')).toBe(true));
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Following on other servers' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/federation/follows'))).toBe(false);
  });

  it('shows a skeleton while the follows load, then the empty state with a next step', async () => {
    let release: () => void = () => {};
    const ready = new Promise<void>((resolve) => (release = resolve));
    stubApi(async (url, init) => {
      if (url.endsWith('/federation/follows')) await ready;
      if (url === '/.well-known/nodeinfo') return { status: 200, body: nodeInfo };
      if (url.endsWith('/federation/follows')) return { status: 200, body: { data: [] } };
      return signedIn()(url, init);
    });
    renderApp('/network');
    const region = await section();
    expect(
      within(region).getByRole('status', { name: 'Loading the accounts you follow on other servers' }),
    ).toBeInTheDocument();
    release();
    expect(
      await within(region).findByText('You don’t follow anyone on other servers yet'),
    ).toBeInTheDocument();
    expect(within(region).getByText(/enter it above/)).toBeInTheDocument();
  });

  it('says when the list cannot load, and tries again', async () => {
    let fail = true;
    stubApi((url, init) => {
      if (url === '/.well-known/nodeinfo') return { status: 200, body: nodeInfo };
      if (url.endsWith('/federation/follows'))
        return fail ? refusal(500, 'INTERNAL', 'Boom') : { status: 200, body: { data: [zoe] } };
      return signedIn()(url, init);
    });
    renderApp('/network');
    const region = await section();
    expect(
      await within(region).findByText("Couldn't load the accounts you follow on other servers."),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Zoe Park')).toBeInTheDocument();
  });

  it('lists each account with its handle, server and state', async () => {
    server({
      follows: [
        {
          ...zoe,
          id: '01a20000-0000-7000-8000-0000000000d3',
          handle: '@sam@slow.example',
          name: null,
          host: 'slow.example',
          actor: 'https://slow.example/@sam',
          state: 'pending',
        },
        zoe,
      ],
    });
    renderApp('/network');
    const list = await within(await section()).findByRole('list', {
      name: 'Accounts you follow on other servers',
    });
    const [sam, zoeRow] = within(list).getAllByRole('listitem');
    // No name: the handle's user stands for it.
    expect(within(sam!).getByText('sam')).toBeInTheDocument();
    expect(within(sam!).getByText('@sam@slow.example')).toBeInTheDocument();
    expect(within(sam!).getByText('On slow.example')).toBeInTheDocument();
    expect(within(sam!).getByText('Requested')).toBeInTheDocument();
    expect(within(zoeRow!).getByText('Zoe Park')).toBeInTheDocument();
    expect(within(zoeRow!).getByText('Following')).toBeInTheDocument();
    // Their profile opens on their own server, without telling it where from.
    const link = within(zoeRow!).getByRole('link', { name: /Zoe Park/ });
    expect(link).toHaveAttribute('href', zoe.actor);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('follows a valid handle: Requested at once, a toast, the box emptied', async () => {
    const calls = server({ follows: [] });
    renderApp('/network');
    const region = await section();
    await within(region).findByText('You don’t follow anyone on other servers yet');
    await follow('@kim@far.example');
    expect(await screen.findByText('Follow request sent to @kim@far.example')).toBeInTheDocument();
    const list = await within(region).findByRole('list', { name: 'Accounts you follow on other servers' });
    expect(within(list).getByText('Requested')).toBeInTheDocument();
    expect(handleBox()).toHaveValue('');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { handle: '@kim@far.example' },
    ]);
  });

  it('refuses a bad handle on the field before anything is sent', async () => {
    const calls = server({ follows: [] });
    renderApp('/network');
    await section();
    await follow('kim at far.example');
    expect(await screen.findByText('Not a handle (@user@host) or an https actor URL')).toBeInTheDocument();
    expect(handleBox()).toHaveAttribute('aria-invalid', 'true');
    expect(handleBox()).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says each refusal of the server in words, on the field', async () => {
    server({ follows: [zoe] }, (handle) => {
      if (handle === '@nobody@far.example')
        return refusal(404, 'NOT_FOUND', 'No account answers to that handle');
      if (handle === '@spam@spam.example')
        return refusal(403, 'SERVER_BLOCKED', 'This server does not federate with that one');
      if (handle === '@zoe@two.example') return refusal(409, 'CONFLICT', 'You already follow that account');
      if (handle === `@me@${window.location.host}`)
        return refusal(404, 'NOT_FOUND', 'That account is on this server');
      if (handle === '@kim@far.example')
        return refusal(429, 'RATE_LIMITED', 'Too many follows: try again in an hour');
      if (handle === '@bad@far.example')
        return {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            details: [{ path: 'handle', message: 'Not a handle (@user@host) or an https actor URL' }],
          },
        };
      return undefined;
    });
    renderApp('/network');
    await section();

    await follow('@nobody@far.example');
    expect(
      await screen.findByText(
        'No account found at @nobody@far.example. Check the spelling: a handle looks like @name@server.example.',
      ),
    ).toBeInTheDocument();
    expect(handleBox()).toHaveAttribute('aria-invalid', 'true');
    expect(handleBox()).toHaveAccessibleDescription(/No account found at @nobody@far.example/);

    await follow('@spam@spam.example');
    expect(
      await screen.findByText(
        'This server does not connect with spam.example, so you can’t follow accounts there.',
      ),
    ).toBeInTheDocument();

    await follow('zoe@two.example');
    expect(await screen.findByText('You already follow @zoe@two.example.')).toBeInTheDocument();

    await follow(`@me@${window.location.host}`);
    expect(
      await screen.findByText(
        `@me@${window.location.host} is on this server: find them with search and connect with them instead.`,
      ),
    ).toBeInTheDocument();

    await follow('@bad@far.example');
    expect(await screen.findByText('Not a handle (@user@host) or an https actor URL')).toBeInTheDocument();

    // No field to put it on: a toast, the server's words.
    await follow('@kim@far.example');
    expect(await screen.findByText('Too many follows: try again in an hour')).toBeInTheDocument();
  });

  it('sends someone whose posts do not federate to the privacy switch', async () => {
    server({ follows: [] }, () =>
      refusal(
        403,
        'NOT_FEDERATING',
        'Turn on "Share my public posts with other servers" in your privacy settings',
      ),
    );
    const router = renderApp('/network');
    await section();
    await follow('@kim@far.example');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Turn on “Share my public posts with other servers (the fediverse)” in your privacy settings',
    );
    await userEvent.click(within(alert).getByRole('link', { name: 'your privacy settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-settings'));
  });

  it('unfollows only after the confirm, with a toast', async () => {
    const calls = server({ follows: [zoe] });
    renderApp('/network');
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Unfollow @zoe@two.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unfollow @zoe@two.example?' });
    expect(dialog).toHaveTextContent('two.example is told');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByText('You no longer follow @zoe@two.example')).toBeInTheDocument();
    expect(
      await within(region).findByText('You don’t follow anyone on other servers yet'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/federation/follows/${zoe.id}`,
    ]);
  });

  it('asks again while a fresh request waits, and shows Following once it is accepted', async () => {
    const state: { follows: RemoteFollow[] } = {
      follows: [{ ...zoe, state: 'pending', createdAt: new Date().toISOString() }],
    };
    server(state);
    renderApp('/network');
    const region = await section();
    expect(await within(region).findByText('Requested')).toBeInTheDocument();
    state.follows = [{ ...state.follows[0]!, state: 'accepted' }];
    expect(await within(region).findByText('Following', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
