import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, signedOut, stubApi, userFixture } from '../../../test/render';

const newMember = { ...userFixture, emailVerified: false };
const TOKEN = 'Zk3v0_first-link-token';

/** A signed-in member whose first verification link answers `verify` (undefined: never answers). */
function member(verify: { status: number; body: unknown } | undefined, user = newMember) {
  let verified = user.emailVerified;
  return stubApi((url, init) => {
    if (url.endsWith('/auth/verify-email')) {
      if (!verify) return new Promise(() => {});
      if (verify.status === 200) verified = true;
      return verify;
    }
    if (url.endsWith('/auth/resend-verification'))
      return { status: 200, body: { data: { message: `We sent a new link to ${user.email}.` } } };
    return signedIn({ ...user, emailVerified: verified })(url, init);
  });
}

describe('/verify-email-signup', () => {
  it('shows a spinner while the link is checked', async () => {
    member(undefined);
    renderApp(`/verify-email-signup?token=${TOKEN}`);
    const heading = await screen.findByRole(
      'heading',
      { name: 'Verifying your email…' },
      { timeout: 10_000 },
    );
    // Inside a live region, so a screen reader hears the check start.
    expect(heading.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to your feed' })).not.toBeInTheDocument();
  });

  it('verifies the token once, says so, and leads into the app (feed or profile)', async () => {
    const calls = member({ status: 200, body: { data: { message: 'Email verified successfully!' } } });
    const router = renderApp(`/verify-email-signup?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/auth/verify-email'))).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    ]);
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/settings');
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();

    // Straight into the feed: the guards already know the address is verified.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to your feed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    expect(
      await screen.findByRole(
        'button',
        { name: 'Share your needs & wants with the world' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('fails with the server message and sends a new link on request', async () => {
    const calls = member({
      status: 400,
      body: { message: 'This verification link is invalid or has expired.', code: 'BAD_REQUEST' },
    });
    renderApp(`/verify-email-signup?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: "This link didn't work" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
    expect(screen.queryByRole('link', { name: 'Go to your feed' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(`We sent a new link to ${newMember.email}.`)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/auth/resend-verification'))).toHaveLength(1);
  });

  it('fails at once without a token, never calling the server', async () => {
    const calls = member(undefined);
    renderApp('/verify-email-signup');
    expect(await screen.findByRole('heading', { name: "This link didn't work" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to verify email. The link may be expired.');
    expect(calls.filter((c) => c.url.endsWith('/auth/verify-email'))).toHaveLength(0);
  });

  it('a link used twice tells a verified member all is well, with no resend', async () => {
    member(
      {
        status: 400,
        body: { message: 'This verification link is invalid or has expired.', code: 'BAD_REQUEST' },
      },
      userFixture,
    );
    renderApp(`/verify-email-signup?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Your email is already verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your feed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });
});

describe('/verify-email-signup opened signed out', () => {
  it('says why it asks to sign in, then finishes the verification once signed in', async () => {
    let session: typeof newMember | null = null;
    const calls = stubApi((url, init) => {
      if (url.endsWith('/auth/login')) {
        session = newMember;
        return { status: 200, body: { data: newMember } };
      }
      if (url.endsWith('/auth/verify-email'))
        return { status: 200, body: { data: { message: 'Email verified successfully!' } } };
      if (!session) return signedOut(url, init);
      return signedIn(session)(url, init);
    });
    const router = renderApp(`/verify-email-signup?token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const note = await screen.findByText('Sign in to finish verifying your address');
    expect(note).toHaveAttribute('role', 'status');
    // Nothing is spent before the person is known.
    expect(calls.filter((c) => c.url.endsWith('/auth/verify-email'))).toHaveLength(0);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or username'), newMember.username);
    await user.type(screen.getByLabelText('Password'), 'field-kit-relief-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email-signup');
    expect(calls.filter((c) => c.url.endsWith('/auth/verify-email'))).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    ]);
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
  });

  it('the email-change link opened signed out says what signing in will finish', async () => {
    const calls = stubApi(signedOut);
    const router = renderApp(`/verify-email-change?token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Sign in to finish changing your address')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.filter((c) => c.url.endsWith('/users/confirm-email-change'))).toHaveLength(0);
  });

  it('a plain visit to /login says nothing of verifying', async () => {
    stubApi(signedOut);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Sign in to finish verifying your address')).not.toBeInTheDocument();
  });
});
