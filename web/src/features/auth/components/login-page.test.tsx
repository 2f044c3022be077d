import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut, stubApi } from '../../../test/render';

describe('/login', () => {
  it('tells a suspended person why and until when, and how to appeal (issue 35)', async () => {
    const message =
      'Your account is suspended until Mar 9, 2026 for breaking the rule “No scams or fake appeals for money”: A fake relief fund.';
    stubApi((url) => {
      if (url.endsWith('/auth/login'))
        return {
          status: 403,
          body: {
            message,
            code: 'SUSPENDED',
            details: [],
            suspension: {
              reason: 'A fake relief fund.',
              rule: 'scam',
              until: '2026-03-09T10:00:00.000Z',
              appealToken: 'v1.01a20000-0000-7000-8000-0000000000f8.c2ln',
            },
          },
        };
      return signedOut(url);
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email or username', {}, { timeout: 20_000 }), 'avery');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('We mailed you how to appeal.');
    // The refused sign-in carries the appeal's token, as the mail's link does (decision 070).
    expect(screen.getByRole('link', { name: 'Appeal this decision' })).toHaveAttribute(
      'href',
      `/appeal?token=${encodeURIComponent('v1.01a20000-0000-7000-8000-0000000000f8.c2ln')}`,
    );
  });

  it("says so when the identity provider's way in came back suspended", async () => {
    stubApi((url) => signedOut(url));
    renderApp('/login?error=suspended');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('Your account is suspended.');
    expect(alert).toHaveTextContent('We mailed you how to appeal.');
  });
});
