import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const admin = { ...userFixture, role: 'admin' as const };
const fire = {
  _id: '01a20000-0000-7000-8000-0000000000f1',
  kind: 'word',
  value: 'fire',
  addedBy: 'Ada Okafor (@ada)',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('/moderation/watched', () => {
  it('tells a member it is for admins only', async () => {
    stubApi(signedIn());
    renderApp('/moderation/watched');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admins only' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('starts empty with a next step, adds a domain and a word, and removes one, with toasts', async () => {
    let list: Array<typeof fire> = [];
    const calls = stubApi((url, init) => {
      if (url.endsWith('/admin/watched') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { kind: string; value: string };
        if (list.some((e) => e.value === body.value))
          return {
            status: 409,
            body: { message: `“${body.value}” is watched already.`, code: 'CONFLICT' },
          };
        const entry = {
          ...fire,
          _id: `01a20000-0000-7000-8000-00000000000${list.length}`,
          kind: body.kind,
          value: body.kind === 'domain' ? 'scam.example' : body.value,
        };
        list = [...list, entry];
        return { status: 200, body: { data: entry } };
      }
      if (url.endsWith('/admin/watched')) return { status: 200, body: { data: list } };
      if (init?.method === 'DELETE' && url.includes('/admin/watched/')) {
        list = list.filter((e) => !url.endsWith(e._id));
        return { status: 200, body: { data: { ok: true } } };
      }
      return signedIn(admin)(url);
    });
    renderApp('/moderation/watched');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Watched words' }, { timeout: 20_000 }),
    ).toBeVisible();
    const onList = screen.getByRole('region', { name: 'On the list' });
    expect(await within(onList).findByText('Nothing is watched yet')).toBeInTheDocument();

    // The contract's own check runs first: nothing is sent for a domain that is not one.
    await userEvent.click(screen.getByRole('radio', { name: 'Link domain' }));
    await userEvent.type(screen.getByLabelText('Domain to watch'), 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Type a domain such as scam.example')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Domain to watch'));
    await userEvent.type(screen.getByLabelText('Domain to watch'), 'https://www.scam.example/give');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Now watching “scam.example”')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Word or phrase' }));
    await userEvent.type(screen.getByLabelText('Word or phrase to watch'), 'fire');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('Now watching “fire”')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'domain', value: 'https://www.scam.example/give' },
      { kind: 'word', value: 'fire' },
    ]);
    const entries = await within(onList).findByRole('list', { name: 'Watched words and domains' });
    expect(await within(entries).findByText('fire')).toBeInTheDocument();
    expect(within(entries).getByText('scam.example')).toBeInTheDocument();

    // The server's refusal lands on the field.
    await userEvent.type(screen.getByLabelText('Word or phrase to watch'), 'fire');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect((await screen.findAllByText('“fire” is watched already.')).length).toBeGreaterThan(0);

    await userEvent.click(within(entries).getByRole('button', { name: 'Stop watching fire' }));
    expect(await screen.findByText('Stopped watching “fire”')).toBeInTheDocument();
    await expect.poll(() => within(onList).queryByText('fire')).toBeNull();
  });
});
