import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signedOut, stubApi } from '../test/render';
import { PageTitle } from './page-title';

const SITE_TITLE = 'Muster — rally people and resources around what matters';
const announced = () =>
  screen.getByText((_, el) => el?.tagName === 'P' && el.getAttribute('role') === 'status').textContent;

describe('the document title names the page', () => {
  beforeEach(() => {
    document.title = SITE_TITLE;
  });

  it('is the page heading with the site name, follows navigation, and says the new page once it is there', async () => {
    stubApi(signedOut);
    const router = renderApp('/contact');
    await waitFor(() => expect(document.title).toBe('Contact us · Muster'));
    // The first page is named by the browser itself: nothing announced.
    expect(announced()).toBe('');

    await act(() => router.navigate('/about'));
    await waitFor(() => expect(document.title).toBe('About Muster · Muster'));
    expect(announced()).toBe('About Muster · Muster');
  });

  it("keeps index.html's title on the landing page", async () => {
    stubApi(signedOut);
    const router = renderApp('/terms');
    await waitFor(() => expect(document.title).toBe('Terms and Conditions · Muster'));
    await act(() => router.navigate('/muster'));
    await screen.findByRole('heading', { level: 1, name: /Rally people and resources/ });
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
  });

  it('waits for a heading that is still loading, and follows a name that arrives with the data', async () => {
    let arrive: (name: string) => void = () => undefined;
    function Person() {
      const [name, setName] = useState<string | null>(null);
      arrive = setName;
      return <h1 aria-busy={name === null}>{name ?? 'Loading…'}</h1>;
    }
    const router = createMemoryRouter(
      [
        {
          element: (
            <main>
              <PageTitle />
              <Outlet />
            </main>
          ),
          children: [
            { path: '/chats', element: <h1>Chats</h1> },
            { path: '/chats/:id', element: <Person /> },
          ],
        },
      ],
      { initialEntries: ['/chats'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Chats · Muster'));

    await act(() => router.navigate('/chats/c1'));
    expect(document.title).toBe('Chats · Muster');
    expect(announced()).toBe('');

    act(() => arrive('Kofi Boateng'));
    await waitFor(() => expect(document.title).toBe('Kofi Boateng · Muster'));
    expect(announced()).toBe('Kofi Boateng · Muster');
  });
});
