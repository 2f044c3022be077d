import { contactMessageSchema } from '@muster/contract/contact';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FieldError, FormError } from '../components/form-errors';
import { stubApi } from '../test/render';
import { api, errorMessage } from './api-client';
import { useContractForm } from './use-contract-form';

// Decision 056: one form layer. A form checks its values with the contract's schema (the server's
// own) before sending; the server's field details land on the same fields; a detail on no field of
// the form is said once above the button. A real schema, the real API client, a stubbed fetch.

const fields = ['name', 'email', 'subject', 'message'] as const;

/** A form as the app writes one: the contact message, with a place field the server calls mapLocation. */
function ContactForm({ onSent }: { onSent?: () => void }) {
  const [values, setValues] = useState({ name: '', email: '', subject: 'feedback', message: '', place: '' });
  const [said, setSaid] = useState('');
  const form = useContractForm({ id: 'c', fields: [...fields, 'place'], paths: { mapLocation: 'place' } });
  const field = (key: keyof typeof values, label: string) => (
    <div>
      <label htmlFor={form.fieldId(key)}>{label}</label>
      <input
        id={form.fieldId(key)}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        {...form.aria(key)}
      />
      <FieldError form={form} field={key} />
    </div>
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const { name, email, subject, message } = values;
        const body = form.check(contactMessageSchema, { name, email, subject, message });
        if (!body) return;
        api.post('/email/contact', body).then(onSent, (err: unknown) => {
          if (!form.refused(err)) setSaid(errorMessage(err, 'Could not send'));
        });
      }}
    >
      {field('name', 'Name')}
      {field('email', 'Email')}
      {field('message', 'Message')}
      {field('place', 'Place')}
      <FormError form={form} />
      {said && <p>{said}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

async function fillAndSend(values: { name?: string; email?: string; message?: string }) {
  const user = userEvent.setup();
  for (const [label, text] of [
    ['Name', values.name],
    ['Email', values.email],
    ['Message', values.message],
  ] as const)
    if (text) await user.type(screen.getByLabelText(label), text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

const filled = { name: 'Grace Mensah', email: 'grace@example.org', message: 'Lovely work.' };

describe('useContractForm', () => {
  it("says the schema's messages under their fields, focuses the first, and sends nothing", async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: { _id: 'x', message: 'ok' } } }));
    render(<ContactForm />);
    await fillAndSend({ email: 'not an address', message: 'Hello' });

    expect(screen.getByText('Name is required')).toHaveAttribute('id', 'c-name-error');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-describedby', 'c-name-error');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByText('Enter a valid email address')).toHaveAttribute('id', 'c-email-error');
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('clears the messages once the values pass, and sends what the schema gave back', async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: { _id: 'x', message: 'ok' } } }));
    let sent = false;
    render(<ContactForm onSent={() => (sent = true)} />);
    await fillAndSend({ message: 'Hi' });
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await fillAndSend({ name: '  Grace Mensah ', email: 'grace@example.org ' });
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    await expect.poll(() => sent).toBe(true);
    // Trimmed as the server would: the parsed body, not the raw values, is what goes.
    expect(calls[0]?.body).toEqual({
      name: 'Grace Mensah',
      email: 'grace@example.org',
      subject: 'feedback',
      message: 'Hi',
    });
  });

  it("puts the server's 400 field details on the matching fields, a nested path on its first segment", async () => {
    stubApi(() => ({
      status: 400,
      body: {
        message: 'Message must not contain a NUL character',
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'message', message: 'Must not contain a NUL character' },
          { path: 'email', message: 'That address cannot take mail' },
          { path: 'email', message: 'A second word on the same field is not shown' },
          { path: 'mapLocation.address', message: 'Choose a place from the list' },
        ],
      },
    }));
    render(<ContactForm />);
    await fillAndSend(filled);

    expect(await screen.findByText('Must not contain a NUL character')).toHaveAttribute(
      'id',
      'c-message-error',
    );
    expect(screen.getByText('That address cannot take mail')).toHaveAttribute('id', 'c-email-error');
    expect(screen.queryByText('A second word on the same field is not shown')).not.toBeInTheDocument();
    // `paths` sends the server's mapLocation to the form's place field.
    expect(screen.getByText('Choose a place from the list')).toHaveAttribute('id', 'c-place-error');
    // The first refused field in the form's order takes the focus.
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a detail on no field of the form above the button, and the field details still on theirs', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        message: 'Unrecognized key: "priority"',
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'body', message: 'Unrecognized key: "priority"' },
          { path: 'name', message: 'Name must be at most 100 characters' },
        ],
      },
    }));
    render(<ContactForm />);
    await fillAndSend(filled);

    expect(await screen.findByRole('alert')).toHaveTextContent('Unrecognized key: "priority"');
    expect(screen.getByText('Name must be at most 100 characters')).toHaveAttribute('id', 'c-name-error');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('leaves a refusal without details to the form (a 429, a 500): nothing on the fields', async () => {
    stubApi(() => ({
      status: 429,
      body: { message: 'Too many messages. Try again in an hour.', code: 'RATE_LIMITED' },
    }));
    render(<ContactForm />);
    await fillAndSend(filled);

    expect(await screen.findByText('Too many messages. Try again in an hour.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Message', 'Place'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'false');
  });
});
