import type { Strike } from '@muster/contract/moderation-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const strikeId = '01a20000-0000-7000-8000-0000000000f7';
const strike: Strike = {
  id: strikeId,
  caseId: null,
  rule: 'scam',
  ruleLabel: 'No scams or fake appeals for money',
  reason: 'Asked for money up front.',
  content: 'hide',
  account: 'limit',
  endsAt: '2026-03-09T10:00:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  appeal: { state: 'none', text: null, appealedAt: null, decidedAt: null, decisionReason: null },
  lifted: false,
};

describe('/settings/standing', () => {
  it('says an account with no strikes is in good standing, and is linked from settings', async () => {
    stubApi((url) => {
      if (url.endsWith('/users/me/strikes')) return { status: 200, body: { data: [] } };
      return signedIn()(url);
    });
    const router = renderApp('/settings');
    await userEvent.click(await screen.findByRole('link', { name: /Account standing/ }, { timeout: 20_000 }));
    await expect.poll(() => router.state.location.pathname).toBe('/settings/standing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account standing' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your account is in good standing.')).toBeInTheDocument();
  });

  it('shows a strike and lets its author appeal it once', async () => {
    let appealed = false;
    const calls = stubApi((url, init) => {
      const p = url.replace('/api/v1', '');
      if (p === '/users/me/strikes')
        return {
          status: 200,
          body: {
            data: [
              appealed
                ? {
                    ...strike,
                    appeal: {
                      ...strike.appeal,
                      state: 'pending',
                      text: 'My own fund.',
                      appealedAt: strike.createdAt,
                    },
                  }
                : strike,
            ],
          },
        };
      if (p === `/users/me/strikes/${strikeId}/appeal` && init?.method === 'POST') {
        appealed = true;
        return {
          status: 200,
          body: {
            data: { ...strike, appeal: { ...strike.appeal, state: 'pending', text: 'My own fund.' } },
          },
        };
      }
      return signedIn()(url);
    });
    renderApp('/settings/standing');
    const card = await screen.findByRole(
      'article',
      { name: 'No scams or fake appeals for money' },
      { timeout: 20_000 },
    );
    expect(card).toHaveTextContent('The content was hidden. Account limited until Mar 9, 2026.');
    expect(card).toHaveTextContent('Asked for money up front.');

    await userEvent.click(within(card).getByRole('button', { name: /Appeal the decision/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(dialog).findByText('Say why the decision was wrong')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/appeal'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Your appeal'), 'My own fund.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.url.endsWith('/appeal'))?.body).toEqual({ text: 'My own fund.' });
    expect(await within(card).findByText('Your appeal is waiting for a moderator.')).toBeInTheDocument();
    // Once: no second appeal.
    expect(within(card).queryByRole('button', { name: /Appeal the decision/ })).not.toBeInTheDocument();
  });
});
