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
  });

  it("says so when the identity provider's way in came back suspended", async () => {
    stubApi((url) => signedOut(url));
    renderApp('/login?error=suspended');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('Your account is suspended.');
    expect(alert).toHaveTextContent('We mailed you how to appeal.');
  });
});
