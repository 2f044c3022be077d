import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, signedOut, stubApi, stubPendingApi, userFixture } from '../test/render';

describe('access rules (spec §2)', () => {
  it('sends a visitor on a private page to /login', async () => {
    stubApi(signedOut);
    const router = renderApp('/network');
    // The route's lazy modules load first (slow in jsdom on a busy machine): more than waitFor's 1 s.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['/hunt', '/journalist'])(
    'tells a visitor on %s to log in, once, and sends them to /login',
    async (path) => {
      stubApi(signedOut);
      const router = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
      expect(await screen.findAllByText('Please log in to access this page')).toHaveLength(1);
    },
  );

  it('sends a visitor at / to the landing page', async () => {
    stubApi(signedOut);
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/muster'), { timeout: 20_000 });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Rally people and resources/ }),
    ).toBeInTheDocument();
  });

  it.each([
    [401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED' }],
    [503, { message: 'Service unavailable', code: 'UNAVAILABLE' }],
  ])('a session check that fails (%i) still means signed out (spec §4)', async (status, body) => {
    stubApi((url, init) => (url.endsWith('/auth/me') ? { status, body } : signedOut(url, init)));
    const router = renderApp('/network');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Join now' }).length).toBeGreaterThan(0);
  });

  it('a visitor answered no one (decision 052) sees Sign In and Join now in the header', async () => {
    stubApi(signedOut);
    renderApp('/about');
    const site = await screen.findByRole('navigation', { name: 'Site' });
    expect(await within(site).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(site).getByRole('link', { name: 'Join now' })).toBeInTheDocument();
  });

  it('lets a visitor open a public page', async () => {
    stubApi(signedOut);
    const router = renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('shows the spinner screen while the session check runs', async () => {
    stubPendingApi();
    renderApp('/settings');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('sends a signed-in person from /login to /', async () => {
    stubApi(signedIn());
    const router = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('button', { name: 'Share your needs & wants with the world' }),
    ).toBeInTheDocument();
  });

  it('sends a person whose email is not verified to /verification-pending', async () => {
    stubApi(signedIn({ ...userFixture, emailVerified: false }));
    const router = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification-pending'));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });
});
