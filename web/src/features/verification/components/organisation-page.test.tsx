import type { VerificationRequest } from '@muster/contract/verification';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

/** /settings/organisation (decision 069): the request's every state, and the form's checks. */

const request = (over: Partial<VerificationRequest> = {}): VerificationRequest => ({
  _id: 'r1',
  organisationName: 'Cebu Relief Network',
  website: 'https://cebu-relief.example.org',
  contactName: 'Maria Santos',
  contactEmail: 'maria@cebu-relief.example.org',
  contactPhone: null,
  proof: 'SEC registration CN201512345',
  status: 'waiting',
  reason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
  ...over,
});

const mine = (url: string) => url.replace('/api/v1', '') === '/verification/me';

describe('/settings/organisation', () => {
  it('checks the form with the contract, then sends the request and shows it waiting', async () => {
    let current: VerificationRequest | null = null;
    const calls = stubApi((url, init) => {
      if (mine(url) && (init?.method ?? 'GET') === 'GET') return { status: 200, body: { data: current } };
      if (url.endsWith('/verification/requests')) {
        current = request({ website: 'https://cebu-relief.example.org' });
        return { status: 200, body: { data: current } };
      }
      return signedIn()(url);
    });
    const user = userEvent.setup();
    renderApp('/settings/organisation');
    await screen.findByRole('heading', { name: 'Ask to be verified' }, { timeout: 20_000 });
    await user.type(screen.getByLabelText('Organisation name'), 'Cebu Relief Network');
    await user.type(screen.getByLabelText('Website'), 'not a website');
    await user.type(screen.getByLabelText('Name'), 'Maria Santos');
    await user.type(screen.getByLabelText('How can we check?'), 'SEC registration CN201512345');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Enter a website address, like https://example.org')).toBeInTheDocument();
    expect(screen.getByText('Give an email or a phone number for the contact')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'cebu-relief.example.org');
    await user.type(screen.getByLabelText('Email'), 'maria@cebu-relief.example.org');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByRole('heading', { name: 'Cebu Relief Network: waiting for a moderator' }),
    ).toBeInTheDocument();
    // The parsed body: the website with its scheme, no empty phone.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      organisationName: 'Cebu Relief Network',
      website: 'https://cebu-relief.example.org',
      contactName: 'Maria Santos',
      contactEmail: 'maria@cebu-relief.example.org',
      proof: 'SEC registration CN201512345',
    });
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeInTheDocument();
  });

  it('shows a refusal with the moderator’s reason, and the form filled to ask again', async () => {
    stubApi((url) =>
      mine(url)
        ? {
            status: 200,
            body: { data: request({ status: 'refused', reason: 'Add this account to your About page.' }) },
          }
        : signedIn()(url),
    );
    renderApp('/settings/organisation');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Your request for Cebu Relief Network was refused' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Add this account to your About page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ask again' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Organisation name')).toHaveValue('Cebu Relief Network'),
    );
  });

  it('says so when the organisation is verified', async () => {
    stubApi((url) =>
      mine(url)
        ? {
            status: 200,
            body: { data: request({ status: 'approved', decidedAt: '2026-11-02T10:00:00.000Z' }) },
          }
        : signedIn()(url),
    );
    renderApp('/settings/organisation');
    expect(
      await screen.findByRole('heading', { name: 'Verified as Cebu Relief Network' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });
});
