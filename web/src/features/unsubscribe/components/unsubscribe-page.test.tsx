import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut, stubApi } from '../../../test/render';

// Issue 34 (decision 063): a mail's "Stop mail about …" link opens this page, signed in or not.
// Opening it changes nothing (mail scanners open every link); the button does.

const TOKEN = 'v1.9b1c0a52-0000-4000-8000-000000000001.offers.c2lnbmF0dXJl';
const isLink = (url: string) => url.includes('/unsubscribe?token=');

describe('/unsubscribe', () => {
  it('says what it will stop, and stops it only when asked', async () => {
    const calls = stubApi((url, init) => {
      if (isLink(url) && init?.method === 'POST')
        return {
          status: 200,
          body: { data: { kind: 'offers', stops: 'mail about offers of help', stopped: true } },
        };
      if (isLink(url))
        return {
          status: 200,
          body: { data: { kind: 'offers', stops: 'mail about offers of help', stopped: false } },
        };
      return signedOut(url, init);
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Stop mail about offers of help?' })).toBeInTheDocument();
    expect(calls.filter((c) => isLink(c.url) && c.method === 'POST')).toEqual([]);
    expect(calls.find((c) => isLink(c.url))!.url).toContain(`token=${encodeURIComponent(TOKEN)}`);

    await userEvent.setup().click(button);
    expect(await screen.findByRole('heading', { name: 'You’re unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/You won’t get mail about offers of help any more\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    expect(calls.filter((c) => isLink(c.url) && c.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s words for a link that is not valid, and a way on', async () => {
    const message = 'This unsubscribe link is not valid: it may have been cut short or changed.';
    stubApi((url, init) => {
      if (isLink(url)) return { status: 400, body: { message, code: 'INVALID_UNSUBSCRIBE_LINK' } };
      return signedOut(url, init);
    });
    renderApp(`/unsubscribe?token=broken`);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'This link doesn’t work' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says so when it has stopped already', async () => {
    stubApi((url, init) => {
      if (isLink(url))
        return { status: 200, body: { data: { kind: 'digest', stops: 'the digest', stopped: true } } };
      return signedOut(url, init);
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Already unsubscribed' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The digest is already off\./)).toBeInTheDocument();
  });
});
