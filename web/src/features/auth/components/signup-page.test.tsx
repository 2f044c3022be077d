import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toasterWanted } from '../../../lib/toaster-signal';
import { renderApp, signedOut, stubApi } from '../../../test/render';

// Decision 052: the server's refusals of a sign-up are said in the form, where they stay with the
// page, not in a toast that followed the person to the next one.

function signupAnswers(answer: { status: number; body: unknown }) {
  return stubApi((url, init) => (url.endsWith('/auth/signup') ? answer : signedOut(url, init)));
}

async function fillAndJoin() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'ada_field');
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('Email'), 'ada@example.org');
  await user.type(screen.getByLabelText('Password'), 'field-kit-relief-2026');
  await user.click(screen.getByRole('button', { name: 'Join now' }));
}

describe('/signup when the server refuses', () => {
  it("says a field's refusal under that field and moves there, with no toast", async () => {
    const calls = signupAnswers({
      status: 409,
      body: {
        message: 'That username is taken',
        code: 'TAKEN',
        details: [{ path: 'username', message: 'That username is taken' }],
      },
    });
    renderApp('/signup');
    await fillAndJoin();
    expect(await screen.findByText('That username is taken')).toHaveAttribute('id', 'signup-username-note');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(calls.filter((c) => c.url.endsWith('/auth/signup'))).toHaveLength(1);
    // Nothing asked for the toaster: the error is the form's alone (toasts load with the first one).
    expect(toasterWanted()).toBe(false);
  });

  it('says any other refusal above the button, until the next try', async () => {
    const PAUSED = 'Too many sign-ups from here. Please try again in 30 minutes.';
    signupAnswers({ status: 429, body: { message: PAUSED, code: 'RATE_LIMITED' } });
    renderApp('/signup');
    await fillAndJoin();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAUSED);
    expect(toasterWanted()).toBe(false);
  });
});
