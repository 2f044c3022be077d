import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '@muster/contract/notification-settings';
import { renderApp, signedIn, stubApi } from '../../../test/render';

// The states Chromium cannot show in the end-to-end suite (e2e/tests/push.spec.ts covers off, on
// and blocked in a real browser): jsdom has no service worker, Push API or notifications, as an
// iPhone's Safari outside the Home Screen has none.
describe('push notifications on this browser', () => {
  it('says so, and how to get them on an iPhone, where the browser cannot push', async () => {
    stubApi((url) =>
      url.endsWith('/users/me/notification-settings')
        ? { status: 200, body: { data: { ...defaultNotificationSettings, missionChoices: [] } } }
        : signedIn()(url),
    );
    renderApp('/settings/notifications');
    const section = await screen.findByRole(
      'region',
      { name: 'Push notifications on this browser' },
      { timeout: 20_000 },
    );
    expect(await screen.findByText(/This browser can’t show push notifications/)).toBeInTheDocument();
    expect(section).toHaveTextContent('add Muster to your Home Screen');
    expect(screen.queryByRole('switch', { name: 'Push to this browser' })).not.toBeInTheDocument();
  });
});
