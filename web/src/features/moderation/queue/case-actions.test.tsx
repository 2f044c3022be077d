import type { CaseDetail } from '@muster/contract/moderation-queue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const moderator = { ...userFixture, role: 'moderator' as const };
const caseId = '01a20000-0000-7000-8000-0000000000d1';
const author = { id: 'a1', username: 'avery', firstName: 'Avery', lastName: 'Drive' };

const open: CaseDetail = {
  id: caseId,
  targetType: 'post',
  targetId: '01a20000-0000-7000-8000-0000000000d2',
  status: 'open',
  danger: false,
  reporterCount: 1,
  reasons: [{ reason: 'spam', count: 1 }],
  snapshot: {
    type: 'post',
    kind: 'need',
    title: 'Relief fund',
    content: 'Send money to this wallet',
    category: null,
    image: null,
    video: null,
    fileUrl: null,
    fileName: null,
    author,
  },
  author,
  assignee: null,
  firstReportedAt: '2026-03-01T10:00:00.000Z',
  lastReportedAt: '2026-03-01T10:00:00.000Z',
  closedAt: null,
  resolution: null,
  reports: [],
  notes: [],
  authorHistory: {
    joinedAt: '2026-02-01T10:00:00.000Z',
    earlierCases: [],
    dismissedCount: 0,
    actionedCount: 0,
  },
  resolutionReason: null,
  closedBy: null,
  strike: null,
};
const closed: CaseDetail = {
  ...open,
  status: 'closed',
  resolution: 'actioned',
  closedAt: '2026-03-02T10:00:00.000Z',
  closedBy: { id: moderator._id, username: 'ada', name: 'Ada Okafor' },
  resolutionReason: 'A fake relief fund.',
  strike: {
    id: 'a2b4c6d8-0000-4000-8000-000000000001',
    caseId,
    rule: 'scam',
    ruleLabel: 'No scams or fake appeals for money',
    reason: 'A fake relief fund.',
    content: 'hide',
    account: 'suspend',
    endsAt: '2026-03-09T10:00:00.000Z',
    createdAt: '2026-03-02T10:00:00.000Z',
    appeal: { state: 'none', text: null, appealedAt: null, decidedAt: null, decisionReason: null },
    lifted: false,
  },
};

function stub(c: CaseDetail = open) {
  return stubApi((url, init) => {
    const p = url.replace('/api/v1', '').split('?')[0];
    if (p === `/moderation/cases/${caseId}` && (init?.method ?? 'GET') === 'GET')
      return { status: 200, body: { data: c } };
    if (p === `/moderation/cases/${caseId}/action` && init?.method === 'POST')
      return { status: 200, body: { data: closed } };
    return signedIn(moderator)(url);
  });
}

const actionCalls = (calls: ReturnType<typeof stub>) => calls.filter((c) => c.url.endsWith('/action'));

async function openForm() {
  renderApp(`/moderation/cases/${caseId}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Take action' }, { timeout: 20_000 }));
  return screen.findByRole('dialog', { name: 'Take action' });
}

describe('Take action on a case', () => {
  it('checks the form with the contract before sending, then sends the decision and shows the closed case', async () => {
    const calls = stub();
    const dialog = await openForm();
    // Nothing chosen: one action at least, a rule and a reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take action' }));
    expect(await within(dialog).findByText('Choose the rule that was broken')).toBeInTheDocument();
    expect(within(dialog).getByText('Say what was wrong, for the author')).toBeInTheDocument();
    expect(actionCalls(calls)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: /Hide it/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Suspend/ }));
    expect(within(dialog).getByLabelText('For how long')).toHaveValue('7');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rule broken'), 'scam');
    await userEvent.type(within(dialog).getByLabelText('Reason, for the author'), 'A fake relief fund.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take action' }));

    await waitFor(() => expect(actionCalls(calls)).toHaveLength(1));
    expect(actionCalls(calls)[0]?.body).toEqual({
      content: 'hide',
      account: 'suspend',
      days: 7,
      rule: 'scam',
      reason: 'A fake relief fund.',
    });
    expect(
      await screen.findByText(
        'Case closed. The author was told why, and the reporters that it was acted on.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Acted on by Ada Okafor/)).toBeInTheDocument();
    expect(screen.getByText(/Rule: No scams or fake appeals for money/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take action' })).not.toBeInTheDocument();
  });

  it('asks once more before deleting and suspending for good, and sends days null', async () => {
    const calls = stub();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Delete it/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Suspend/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('For how long'), 'For good');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rule broken'), 'scam');
    await userEvent.type(within(dialog).getByLabelText('Reason, for the author'), 'Third fake fund.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take action' }));

    expect(
      await within(dialog).findByText(
        'You are about to delete the content and suspend the account for good.',
      ),
    ).toBeInTheDocument();
    expect(actionCalls(calls)).toHaveLength(0);
    // Back keeps what was chosen.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Reason, for the author')).toHaveValue('Third fake fund.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take action' }));
    await userEvent.click(
      await within(dialog).findByRole('button', {
        name: 'Yes, delete the content and suspend the account for good',
      }),
    );
    await waitFor(() => expect(actionCalls(calls)).toHaveLength(1));
    expect(actionCalls(calls)[0]?.body).toMatchObject({ content: 'delete', account: 'suspend', days: null });
  });

  it('offers no content choice on a profile, and a warning sends no period', async () => {
    const calls = stub({
      ...open,
      targetType: 'user',
      snapshot: { type: 'user', person: author, headline: '', bio: 'Wire me', profilePicture: null },
    });
    const dialog = await openForm();
    expect(within(dialog).queryByRole('radio', { name: /Hide it/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Warn/ }));
    expect(within(dialog).queryByLabelText('For how long')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Rule broken'), 'impersonation');
    await userEvent.type(within(dialog).getByLabelText('Reason, for the author'), 'Not the Red Cross.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take action' }));
    await waitFor(() => expect(actionCalls(calls)).toHaveLength(1));
    expect(actionCalls(calls)[0]?.body).toEqual({
      content: 'none',
      account: 'warn',
      rule: 'impersonation',
      reason: 'Not the Red Cross.',
    });
  });
});
