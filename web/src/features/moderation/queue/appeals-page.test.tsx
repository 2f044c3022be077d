import type { AppealSummary, Strike } from '@muster/contract/moderation-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const moderator = { ...userFixture, role: 'moderator' as const };
const strike = (id: string, over: Partial<Strike> = {}): Strike => ({
  id,
  caseId: '01a20000-0000-7000-8000-0000000000e9',
  rule: 'scam',
  ruleLabel: 'No scams or fake appeals for money',
  reason: 'A fake relief fund.',
  content: 'hide',
  account: 'suspend',
  endsAt: '2026-03-09T10:00:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  appeal: {
    state: 'pending',
    text: 'It is my church’s fund.',
    appealedAt: '2026-03-03T10:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
  },
  lifted: false,
  ...over,
});
const author = { id: 'a1', username: 'avery', firstName: 'Avery', lastName: 'Drive' };
const mine: AppealSummary = {
  strike: strike('01a20000-0000-7000-8000-0000000000e1'),
  author,
  actedBy: { id: moderator._id, username: 'ada', name: 'Ada Okafor' },
};
const theirs: AppealSummary = {
  strike: strike('01a20000-0000-7000-8000-0000000000e2', { account: 'warn', endsAt: null }),
  author: { id: 'b1', username: 'bo', firstName: 'Bo', lastName: 'Lane' },
  actedBy: { id: 'm2', username: 'sam', name: 'Sam Reyes' },
};

describe('/moderation/appeals', () => {
  it('shows each appeal with its strike, and lets only another moderator than the one who acted decide', async () => {
    const calls = stubApi((url, init) => {
      const p = url.replace('/api/v1', '');
      if (p.startsWith('/moderation/appeals?state=pending'))
        return { status: 200, body: { data: [mine, theirs], meta: { nextCursor: null } } };
      if (p.endsWith('/decide') && init?.method === 'POST')
        return { status: 200, body: { data: theirs.strike } };
      return signedIn(moderator)(url);
    });
    renderApp('/moderation/appeals');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appeals' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const own = await screen.findByRole('article', { name: /Avery Drive/ });
    expect(own).toHaveTextContent('No scams or fake appeals for money');
    expect(own).toHaveTextContent('The content was hidden. Account suspended until Mar 9, 2026.');
    expect(own).toHaveTextContent('“A fake relief fund.”');
    expect(own).toHaveTextContent('It is my church’s fund.');
    expect(own).toHaveTextContent('Another moderator decides this appeal');
    expect(within(own).getByRole('button', { name: 'Uphold' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Lift' })).toBeDisabled();

    const other = screen.getByRole('article', { name: /Bo Lane/ });
    expect(other).toHaveTextContent('Sam Reyes');
    // A decision needs words for the author.
    await userEvent.click(within(other).getByRole('button', { name: 'Lift' }));
    expect(await within(other).findByText('Say why, for the author')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/decide'))).toBe(false);
    await userEvent.type(
      within(other).getByLabelText('Your decision, for the author'),
      'The fund is real; sorry.',
    );
    await userEvent.click(within(other).getByRole('button', { name: 'Lift' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/decide'))).toBe(true));
    const decide = calls.find((c) => c.url.endsWith('/decide'))!;
    expect(decide.url).toContain(`/moderation/appeals/${theirs.strike.id}/decide`);
    expect(decide.body).toEqual({ decision: 'lift', reason: 'The fund is real; sorry.' });
    expect(await screen.findByText('Strike lifted. Bo Lane was told.')).toBeInTheDocument();
  });

  it('says when none wait', async () => {
    stubApi((url) => {
      if (url.includes('/moderation/appeals?'))
        return { status: 200, body: { data: [], meta: { nextCursor: null } } };
      return signedIn(moderator)(url);
    });
    renderApp('/moderation/appeals');
    expect(await screen.findByText('No appeals waiting', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
