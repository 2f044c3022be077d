import type { Strike } from '@muster/contract/moderation-actions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut, stubApi } from '../../../test/render';

const token = 'v1.01a20000-0000-7000-8000-0000000000f8.c2lnbmF0dXJl';
const strike: Strike = {
  id: '01a20000-0000-7000-8000-0000000000f8',
  caseId: null,
  rule: 'scam',
  ruleLabel: 'No scams or fake appeals for money',
  reason: 'Asked for money up front.',
  content: 'hide',
  account: 'suspend',
  endsAt: '2026-03-09T10:00:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  appeal: { state: 'none', text: null, appealedAt: null, decidedAt: null, decisionReason: null },
  lifted: false,
};

describe('/appeal?token=…', () => {
  it('shows the decision to a signed-out, suspended person and takes their appeal once, with the token', async () => {
    const calls = stubApi((url, init) => {
      if (url.includes('/appeals/by-link?token=')) return { status: 200, body: { data: strike } };
      if (url.endsWith('/appeals/by-link') && init?.method === 'POST')
        return {
          status: 200,
          body: { data: { ...strike, appeal: { ...strike.appeal, state: 'pending', text: 'My fund.' } } },
        };
      return signedOut(url);
    });
    renderApp(`/appeal?token=${encodeURIComponent(token)}`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Appeal a moderator’s decision' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No scams or fake appeals for money')).toBeInTheDocument();
    expect(screen.getByText(/Account suspended until Mar 9, 2026\./)).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('/appeals/by-link?'))?.url).toContain(encodeURIComponent(token));

    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Say why the decision was wrong')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Why the decision was wrong'), 'My fund.');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token, text: 'My fund.' }),
    );
    expect(await screen.findByText(/Your appeal is sent\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).not.toBeInTheDocument();
  });

  it('says what is wrong with a link that is not ours', async () => {
    stubApi((url) => {
      if (url.includes('/appeals/by-link?token='))
        return {
          status: 400,
          body: { message: 'This appeal link is not valid.', code: 'INVALID_APPEAL_LINK' },
        };
      return signedOut(url);
    });
    renderApp('/appeal?token=nonsense');
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(
      'This appeal link is not valid.',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'This appeal link doesn’t work' }),
    ).toBeInTheDocument();
  });
});
