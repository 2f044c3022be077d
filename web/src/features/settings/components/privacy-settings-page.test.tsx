import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const saved = {
  profileVisibility: 'everyone',
  connectionsVisibility: 'connections',
  messagePolicy: 'everyone',
  searchable: true,
  federate: true,
};

function api(put: (body: unknown) => { status: number; body?: unknown }) {
  return stubApi((url, init) => {
    if (url.endsWith('/users/me/privacy')) {
      if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
      return { status: 200, body: { data: saved } };
    }
    return signedIn()(url);
  });
}

describe('privacy settings', () => {
  it('shows what is saved, and saves all four settings with a toast', async () => {
    const calls = api((body) => ({ status: 200, body: { data: body } }));
    renderApp('/privacy-settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy settings' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const profile = await screen.findByRole('group', { name: 'Who can see your profile' });
    const connections = screen.getByRole('group', { name: 'Who can see your connections' });
    const messages = screen.getByRole('group', { name: 'Who can message you directly' });
    const search = screen.getByRole('switch', { name: 'Show me in search and suggestions' });
    expect(within(profile).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    expect(within(connections).getByRole('radio', { name: 'Connections only' })).toBeChecked();
    expect(within(messages).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    expect(search).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(within(profile).getByRole('radio', { name: 'Connections only' }));
    await userEvent.click(within(connections).getByRole('radio', { name: 'Only me' }));
    await userEvent.click(within(messages).getByRole('radio', { name: 'Connections only' }));
    await userEvent.click(search);
    expect(search).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save privacy settings' }));

    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      profileVisibility: 'connections',
      connectionsVisibility: 'only_me',
      messagePolicy: 'connections',
      searchable: false,
      // Hidden from search, hidden from other servers too.
      federate: false,
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('turns sharing with the fediverse off, and holds it off while hidden from search', async () => {
    const calls = api((body) => ({ status: 200, body: { data: body } }));
    renderApp('/privacy-settings');
    const fediverse = await screen.findByRole(
      'switch',
      { name: 'Share my public posts with other servers (the fediverse)' },
      { timeout: 20_000 },
    );
    expect(fediverse).toHaveAttribute('aria-checked', 'true');
    expect(fediverse).toHaveAccessibleDescription(
      'People on Mastodon and other Muster servers can follow you and see your public posts.',
    );
    await userEvent.click(fediverse);
    expect(fediverse).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ searchable: true, federate: false });

    // Turned back on, then search turned off: the switch shows off and cannot be turned on.
    await userEvent.click(fediverse);
    expect(fediverse).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('switch', { name: 'Show me in search and suggestions' }));
    expect(fediverse).toHaveAttribute('aria-checked', 'false');
    expect(fediverse).toBeDisabled();
    expect(fediverse).toHaveAccessibleDescription(
      'Off while you are hidden from search: turn on "Show me in search" first.',
    );
  });

  it("keeps the choices and shows the server's message when saving fails", async () => {
    api(() => ({
      status: 429,
      body: { message: 'Too many changes. Try again in a few minutes.', code: 'RATE_LIMITED' },
    }));
    renderApp('/privacy-settings');
    const profile = await screen.findByRole(
      'group',
      { name: 'Who can see your profile' },
      { timeout: 20_000 },
    );
    await userEvent.click(within(profile).getByRole('radio', { name: 'Connections only' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('Too many changes. Try again in a few minutes.')).toBeInTheDocument();
    expect(within(profile).getByRole('radio', { name: 'Connections only' })).toBeChecked();
  });

  it('says under "Who can message you directly" that new accounts start with requests from strangers', async () => {
    api(() => ({ status: 200 }));
    renderApp('/privacy-settings');
    const messages = await screen.findByRole(
      'group',
      { name: 'Who can message you directly' },
      { timeout: 5000 },
    );
    expect(
      within(messages).getByText(
        'New accounts start with Connections only: people you are connected with message you directly, and anyone else sends a request first. Accounts made before keep the choice they had.',
      ),
    ).toBeInTheDocument();
    // Said once, under its own setting, not under the others.
    expect(screen.getAllByText(/New accounts start with/)).toHaveLength(1);
  });
});
