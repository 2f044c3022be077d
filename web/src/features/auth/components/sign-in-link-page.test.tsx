import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, signedOut, stubApi, userFixture } from '../../../test/render';

// Decision 042: a sign-in paused by too many wrong passwords offers a mailed link, and the page
// the link opens signs in with it.

const TOKEN = 'Qm9_sign-in-link-token';
const PAUSED =
  'Too many attempts. Please try again in 840 seconds. Or sign in now with a link we email you: it works even while sign-in is paused.';
const SENT =
  'If that account has a confirmed email, we sent it a sign-in link. It works once, within 15 minutes.';

describe('/login when sign-in is paused', () => {
  it('says why and mails a sign-in link for the name typed in', async () => {
    const calls = stubApi((url, init) => {
      if (url.endsWith('/auth/login'))
        return { status: 429, body: { message: PAUSED, code: 'RATE_LIMITED' } };
      if (url.endsWith('/auth/sign-in-link')) return { status: 200, body: { data: { message: SENT } } };
      return signedOut(url, init);
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Email or username', {}, { timeout: 10_000 }),
      'ada@example.org',
    );
    await user.type(screen.getByLabelText('Password'), 'a wrong guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAUSED);

    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByText(SENT)).closest('[role="status"]')).not.toBeNull();
    // Asked for, the link replaces the warning.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/auth/sign-in-link'))).toEqual([
      expect.objectContaining({ method: 'POST', body: { emailOrUsername: 'ada@example.org' } }),
    ]);
  });

  it('offers the link before any failure too, and asks for the name first', async () => {
    const calls = stubApi(signedOut);
    renderApp('/login');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Email me a sign-in link' }, { timeout: 10_000 }));
    expect(await screen.findByText('Enter your email or username first')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/auth/sign-in-link'))).toEqual([]);
  });
});

describe('/sign-in-link', () => {
  it('spends the link only when asked, then opens the app signed in', async () => {
    let signedInNow = false;
    const calls = stubApi((url, init) => {
      if (url.endsWith('/auth/sign-in-with-link')) {
        signedInNow = true;
        return { status: 200, body: { data: userFixture } };
      }
      return signedInNow ? signedIn()(url, init) : signedOut(url, init);
    });
    const router = renderApp(`/sign-in-link?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Sign in with your link' })).toBeInTheDocument();
    // Opening the page (as a mail scanner does) spends nothing.
    expect(calls.filter((c) => c.url.endsWith('/auth/sign-in-with-link'))).toEqual([]);

    await userEvent.setup().click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    expect(calls.filter((c) => c.url.endsWith('/auth/sign-in-with-link'))).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    ]);
  });

  it('shows the server’s words for a spent or expired link, and a way back', async () => {
    stubApi((url, init) => {
      if (url.endsWith('/auth/sign-in-with-link'))
        return {
          status: 400,
          body: {
            message: 'This sign-in link is invalid or has expired. Ask for a new one.',
            code: 'BAD_REQUEST',
          },
        };
      return signedOut(url, init);
    });
    renderApp(`/sign-in-link?token=${TOKEN}`);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link is invalid or has expired. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says so when the link has no token', async () => {
    stubApi(signedOut);
    renderApp('/sign-in-link');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'This sign-in link is incomplete.',
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
