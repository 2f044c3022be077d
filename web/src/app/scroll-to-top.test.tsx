import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedOut, stubApi } from '../test/render';
import { ScrollToTop } from './scroll-to-top';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

function renderPages(initial = '/create-mission') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollToTop />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <Where /> }],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const at = () => screen.getByTestId('where').textContent;

describe('a new page starts at the top', () => {
  // jsdom has no layout: the test watches the calls, not an offset.
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the first page where the browser put it', () => {
    renderPages();
    expect(at()).toBe('/create-mission');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top on a PUSH to another pathname (a mission created at the foot of its form)', async () => {
    const router = renderPages();
    await act(() => router.navigate('/missions/m1'));
    expect(at()).toBe('/missions/m1');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
  });

  it('scrolls to the top on a REPLACE to another pathname', async () => {
    const router = renderPages('/profile/ada');
    await act(() => router.navigate('/hashtag/flood', { replace: true }));
    expect(at()).toBe('/hashtag/flood');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
  });

  it('leaves Back and Forward (POP) to the browser', async () => {
    const router = renderPages('/profile/ada');
    await act(() => router.navigate('/hashtag/flood'));
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(at()).toBe('/profile/ada');
    await act(() => router.navigate(1));
    expect(at()).toBe('/hashtag/flood');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('stays put when only the query string changes on the same page (filters, tabs)', async () => {
    const router = renderPages('/offers');
    await act(() => router.navigate('/offers?status=accepted'));
    await act(() => router.navigate('/offers?status=declined', { replace: true }));
    expect(at()).toBe('/offers?status=declined');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves a location with a #fragment to the fragment', async () => {
    const router = renderPages('/terms');
    await act(() => router.navigate('/privacy#cookies'));
    expect(at()).toBe('/privacy#cookies');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("is part of the app's routes", async () => {
    stubApi(signedOut);
    const router = renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/privacy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
