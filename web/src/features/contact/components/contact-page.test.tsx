import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut, stubApi } from '../../../test/render';

async function fill() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Grace Mensah');
  await user.type(screen.getByLabelText('Email'), 'grace@example.org');
  await user.selectOptions(screen.getByLabelText('Subject'), 'feedback');
  await user.type(screen.getByLabelText('Message'), 'Lovely work.');
  return user;
}

describe('contact page', () => {
  it('sends nothing while a field is missing, and says which', async () => {
    const calls = stubApi(signedOut);
    renderApp('/contact');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(calls.filter((c) => c.url.includes('/email/contact'))).toHaveLength(0);
  });

  it('posts the message, shows Sending... then the thanks, and clears the form', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stubApi((url, init) => {
      if (url.endsWith('/email/contact')) return { status: 200, body: { data: { _id: 'x', message: 'ok' } } };
      return signedOut(url, init);
    });
    renderApp('/contact');
    const user = await fill();
    const originalFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).endsWith('/email/contact')) await gate;
      return originalFetch(...args);
    }) as typeof fetch;
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(
      await screen.findByText("Thanks for your message! We'll get back to you soon."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(calls.find((c) => c.url.endsWith('/email/contact'))?.body).toEqual({
      name: 'Grace Mensah',
      email: 'grace@example.org',
      subject: 'feedback',
      message: 'Lovely work.',
    });
  });

  it('shows the error and keeps the form when sending fails', async () => {
    stubApi((url, init) =>
      url.endsWith('/email/contact')
        ? { status: 500, body: { message: 'boom', code: 'INTERNAL' } }
        : signedOut(url, init),
    );
    renderApp('/contact');
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Oops! There was an error sending your message. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Lovely work.');
  });
});
