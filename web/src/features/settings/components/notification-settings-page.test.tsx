import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const water = '019a0000-0000-7000-8000-0000000000a1';
const radios = '019a0000-0000-7000-8000-0000000000a2';

const saved = {
  channels: {
    offers: 'mail',
    matches: 'mail',
    chats: 'mail',
    connections: 'digest',
    missionJoins: 'mail',
    missionUpdates: 'digest',
    tasks: 'mail',
    stillNeeded: 'mail',
    likes: 'app',
    comments: 'digest',
    mentions: 'push',
  },
  digest: 'daily',
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  timeZone: 'UTC',
  missions: [{ missionId: radios, level: 'important' }],
  missionChoices: [
    { missionId: water, title: 'Water points', role: 'owner', level: 'all' },
    { missionId: radios, title: 'Radios for the valley', role: 'follower', level: 'important' },
  ],
};

function api(
  put: (body: Record<string, unknown>) => { status: number; body?: unknown },
  settings: unknown = saved,
) {
  return stubApi((url, init) => {
    if (url.endsWith('/users/me/notification-settings')) {
      if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
      return { status: 200, body: { data: settings } };
    }
    return signedIn()(url);
  });
}

/** This browser's time zone, as Intl reports it (the settings take it on a first save). */
function browserZone(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: zone };
  });
}

/** A browser with a service worker and the Push API, subscribed or not. */
function browserPush(subscribed: boolean) {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async (_scope?: string) => ({
        pushManager: { getSubscription: async () => (subscribed ? {} : null) },
      }),
    },
  });
  return () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'isSecureContext');
    vi.unstubAllGlobals();
  };
}

const open = async () => {
  renderApp('/settings/notifications');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Notification settings' }, { timeout: 20_000 }),
  ).toBeInTheDocument();
  return screen.findByRole('combobox', { name: 'Likes' });
};

describe('notification settings', () => {
  it('shows what is saved, and saves a channel, quiet hours, the browser’s time zone and a mission level with a toast', async () => {
    browserZone('Europe/Lisbon');
    const calls = api((body) => ({
      status: 200,
      body: {
        data: {
          ...saved,
          ...body,
          missions: [{ missionId: water, level: 'none' }],
          missionChoices: [
            { ...saved.missionChoices[0], level: 'none' },
            { ...saved.missionChoices[1], level: 'important' },
          ],
        },
      },
    }));
    const likes = await open();
    // One row per kind, with its label and hint, and the saved channel chosen.
    expect(likes).toHaveValue('app');
    expect(likes).toHaveAccessibleDescription('Someone likes your post');
    expect(screen.getByRole('combobox', { name: 'Offers of help' })).toHaveValue('mail');
    expect(screen.getAllByRole('combobox', { name: /./ }).length).toBeGreaterThanOrEqual(11);
    expect(within(likes).getByRole('option', { name: 'In the app only (default)' })).toBeInTheDocument();
    const digest = screen.getByRole('group', { name: 'Digest' });
    expect(within(digest).getByRole('radio', { name: 'Daily' })).toBeChecked();
    const quiet = screen.getByRole('switch', { name: 'Quiet hours' });
    expect(quiet).toHaveAttribute('aria-checked', 'false');
    // Never chosen (UTC, the default): the browser's zone, said and saved.
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Lisbon');
    expect(screen.getByRole('combobox', { name: 'Updates from Water points' })).toHaveValue('all');
    expect(screen.getByRole('combobox', { name: 'Updates from Radios for the valley' })).toHaveValue(
      'important',
    );
    expect(screen.getByRole('link', { name: 'Water points' })).toHaveAttribute('href', `/missions/${water}`);

    await userEvent.selectOptions(likes, 'mail');
    await userEvent.click(within(digest).getByRole('radio', { name: 'Weekly' }));
    await userEvent.click(quiet);
    expect(quiet).toHaveAttribute('aria-checked', 'true');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '23:00');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Updates from Water points' }),
      'none',
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      channels: { ...saved.channels, likes: 'mail' },
      digest: 'weekly',
      quietHours: { enabled: true, start: '23:00', end: '07:00' },
      timeZone: 'Europe/Lisbon',
      // Only the mission whose level changed.
      missions: [{ missionId: water, level: 'none' }],
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('a zone chosen before is kept, and the browser’s is offered', async () => {
    browserZone('Asia/Tokyo');
    api(() => ({ status: 200 }), { ...saved, timeZone: 'America/Sao_Paulo' });
    await open();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('America/Sao_Paulo');
    expect(screen.getByText(/This browser is on Asia\/Tokyo/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use it' }));
    expect(zone).toHaveValue('Asia/Tokyo');
  });

  it('says under a kind set to push that this browser has no push yet', async () => {
    const restore = browserPush(false);
    try {
      api(() => ({ status: 200 }));
      await open();
      const mentions = screen.getByRole('combobox', { name: 'Mentions' });
      expect(mentions).toHaveValue('push');
      await waitFor(() =>
        expect(mentions).toHaveAccessibleDescription(
          'Someone mentions you in a post or a comment Turn on push for this browser below to get these here.',
        ),
      );
      // Said once, under the kind set to push; moving another kind to push says it there too.
      expect(screen.getAllByText('Turn on push for this browser below to get these here.')).toHaveLength(1);
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Offers of help' }), 'push');
      expect(screen.getAllByText('Turn on push for this browser below to get these here.')).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it('says push is on, and asks nothing, where this browser is subscribed', async () => {
    const restore = browserPush(true);
    try {
      api(() => ({ status: 200 }));
      await open();
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Mentions' })).toHaveAccessibleDescription(
          'Someone mentions you in a post or a comment Push is on in this browser.',
        ),
      );
      expect(screen.queryByText(/Turn on push/)).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('points to missions when the person is in none', async () => {
    api(() => ({ status: 200 }), { ...saved, missions: [], missionChoices: [] });
    await open();
    expect(screen.getByText("You're not in any missions yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'start a mission' })).toHaveAttribute('href', '/create-mission');
  });

  it('shows the server’s refusal on its field and keeps the choices', async () => {
    api(() => ({
      status: 400,
      body: {
        message: 'Quiet hours end at another time than they start',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'quietHours.end', message: 'Quiet hours end at another time than they start' }],
      },
    }));
    await open();
    await userEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('Quiet hours end at another time than they start');
    expect(to).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute('aria-checked', 'true');
  });

  it('checks with the contract before sending: equal ends are refused on the field, nothing sent', async () => {
    const calls = api(() => ({ status: 200 }));
    await open();
    await userEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Quiet hours end at another time than they start')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is linked from the settings page', async () => {
    api(() => ({ status: 200 }));
    renderApp('/settings');
    const link = await screen.findByRole('link', { name: /Notification settings/ }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', '/settings/notifications');
  });
});
