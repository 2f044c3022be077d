import type { CaseSummary } from '@muster/contract/moderation-queue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const moderator = { ...userFixture, role: 'moderator' as const };

const scam: CaseSummary = {
  id: '01a20000-0000-7000-8000-0000000000a1',
  targetType: 'post',
  targetId: '01a20000-0000-7000-8000-0000000000b1',
  status: 'open',
  danger: true,
  reporterCount: 3,
  reasons: [
    { reason: 'danger', count: 2 },
    { reason: 'spam', count: 1 },
  ],
  snapshot: {
    type: 'post',
    kind: 'need',
    title: 'Relief fund',
    content: 'Send money here',
    category: null,
    image: null,
    video: null,
    fileUrl: null,
    fileName: null,
    author: { id: 'a1', username: 'avery', firstName: 'Avery', lastName: 'Drive' },
  },
  author: { id: 'a1', username: 'avery', firstName: 'Avery', lastName: 'Drive' },
  assignee: null,
  firstReportedAt: '2026-03-01T10:00:00.000Z',
  lastReportedAt: '2026-03-01T11:00:00.000Z',
  closedAt: null,
  resolution: null,
};

describe('/moderation', () => {
  it('lists cases with their priority, and filters by reason through the API', async () => {
    const calls = stubApi((url) => {
      if (url.includes('/moderation/cases?'))
        return {
          status: 200,
          body: { data: url.includes('reason=harassment') ? [] : [scam], meta: { nextCursor: null } },
        };
      return signedIn(moderator)(url);
    });
    renderApp('/moderation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Moderation queue' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const cases = screen.getByRole('region', { name: 'Cases' });
    const item = await within(cases).findByRole('link', { name: /Relief fund/ });
    expect(item).toHaveTextContent('Danger');
    expect(item).toHaveTextContent('3 reporters');
    expect(item).toHaveTextContent('Puts someone in danger (2), Spam or scam');
    expect(item).toHaveAttribute('href', `/moderation/cases/${scam.id}`);

    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'harassment');
    expect(await within(cases).findByText('Nothing to review')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('reason=harassment'))).toBe(true);
    await userEvent.click(within(cases).getByRole('button', { name: 'Clear filters' }));
    expect(await within(cases).findByRole('link', { name: /Relief fund/ })).toBeInTheDocument();
  });

  it('sends a member home', async () => {
    const calls = stubApi((url) => signedIn()(url));
    const router = renderApp('/moderation');
    await expect.poll(() => router.state.location.pathname, { timeout: 20_000 }).toBe('/');
    expect(calls.some((c) => c.url.includes('/moderation/'))).toBe(false);
  });
});
