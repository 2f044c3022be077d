import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToasterStore } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import toast from '../lib/toast';
import { renderApp, signedOut, stubApi } from '../test/render';

// Decision 052: an error toast belongs to the page it was raised on, and goes when the person
// leaves it (a sign-up error no longer follows them to the sign-in page).

/** What react-hot-toast's store holds: each toast's words, and whether it is still on screen. */
function ToastStore() {
  const { toasts } = useToasterStore();
  return (
    <ul aria-label="Toasts">
      {toasts.map((t) => (
        <li key={t.id}>{`${String(t.message)}: ${t.visible ? 'shown' : 'dismissed'}`}</li>
      ))}
    </ul>
  );
}

async function onLogin() {
  stubApi(signedOut);
  const router = renderApp('/login');
  render(<ToastStore />);
  await screen.findByRole('heading', { name: 'Sign in' });
  return router;
}

describe('error toasts and the page they were raised on', () => {
  it('go when the person goes to another page, however long they were meant to last', async () => {
    await onLogin();
    // Never dismissed by time: only leaving the page can take it away.
    toast.error('Failed to sign in (stays on /login)', { duration: Infinity });
    expect(await screen.findByText('Failed to sign in (stays on /login): shown')).toBeInTheDocument();

    await userEvent.setup().click(screen.getAllByRole('link', { name: 'Join now' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Join Muster' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to sign in (stays on /login): dismissed')).toBeInTheDocument();
  });

  it('a success keeps its time wherever the person goes next', async () => {
    await onLogin();
    toast.success('Saved (travels)', { duration: Infinity });
    expect(await screen.findByText('Saved (travels): shown')).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('link', { name: 'Join now' })[0]!);
    await screen.findByRole('heading', { name: 'Join Muster' });
    expect(screen.getByText('Saved (travels): shown')).toBeInTheDocument();
  });

  it('an error for the next page stays through the change of page, and goes at the one after', async () => {
    await onLogin();
    toast.error('About the next page', { duration: Infinity, forNextPage: true });
    expect(await screen.findByText('About the next page: shown')).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(screen.getAllByRole('link', { name: 'Join now' })[0]!);
    await screen.findByRole('heading', { name: 'Join Muster' });
    expect(screen.getByText('About the next page: shown')).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(await screen.findByText('About the next page: dismissed')).toBeInTheDocument();
  });

  it("spec §2's 'Please log in to access this page' is shown on /login, and goes when the person leaves it", async () => {
    stubApi(signedOut);
    const router = renderApp('/hunt');
    render(<ToastStore />);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Please log in to access this page: shown')).toBeInTheDocument();

    await userEvent.setup().click(screen.getAllByRole('link', { name: 'Join now' })[0]!);
    await screen.findByRole('heading', { name: 'Join Muster' });
    expect(await screen.findByText('Please log in to access this page: dismissed')).toBeInTheDocument();
  });
});
