import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcePushMoment } from '../lib/push-moment';
import { PushPromptSlot } from './push-prompt-slot';

// The browser's side of push is not what is under test here: where the prompt appears and goes is.
vi.mock('../lib/push-browser', () => ({ pushSupported: () => true }));
vi.mock('../features/settings/components/push-prompt', () => ({
  PushPrompt: ({ onDone }: { onDone: () => void }) => (
    <section data-testid="push-prompt">
      <button type="button" onClick={onDone}>
        Not now
      </button>
    </section>
  ),
}));

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <PushPromptSlot userId="u1" />
          </>
        ),
        children: [{ path: '*', element: <p>page</p> }],
      },
    ],
    { initialEntries: ['/missions/m1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the push prompt', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('comes after a post, on that page, once', async () => {
    renderShell();
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    act(() => announcePushMoment());
    expect(await screen.findByTestId('push-prompt')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Not now' }).click());
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    act(() => announcePushMoment());
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });

  it('goes when the person leaves the page, and does not come back with them', async () => {
    const router = renderShell();
    act(() => announcePushMoment());
    expect(await screen.findByTestId('push-prompt')).toBeTruthy();
    await act(() => router.navigate('/chat/m1'));
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    await act(() => router.navigate('/missions/m1'));
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });
});
