import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { signedIn, stubApi } from '../../../test/render';
import { SaveAlertButton } from './save-alert-button';

/** The map's "Get alerts like this" (issue 37): without a place search, the map's centre is the place. */
describe('SaveAlertButton from the map', { timeout: 60_000 }, () => {
  it('saves the map’s filters around its centre', async () => {
    const calls = stubApi((url, init) => {
      if (url.endsWith('/users/me/alerts') && init?.method === 'POST')
        return { status: 200, body: { data: { ...JSON.parse(String(init.body)), _id: 'a1' } } };
      return signedIn()(url);
    });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <SaveAlertButton
              draft={{ kinds: ['provision'], category: 'Energy', center: [123.9, 10.3], radiusKm: 10 }}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Get alerts like this' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get alerts like this' });
    expect(within(dialog).getByText('The map’s centre (10.30, 123.90)')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Offers' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Needs' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Energy near me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText(/Alert saved/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Energy near me',
      words: '',
      category: 'Energy',
      kinds: ['provision'],
      place: {
        address: 'The map’s centre (10.30, 123.90)',
        name: 'The map’s centre (10.30, 123.90)',
        coordinates: [123.9, 10.3],
      },
      radiusKm: 10,
    });
  });
});
