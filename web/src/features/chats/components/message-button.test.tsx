import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { stubApi } from '../../../test/render';
import { MessageButton } from './message-button';

const grace = { _id: '01a20000-0000-7000-8000-0000000000c9', firstName: 'Grace', lastName: 'Mensah' };
const chatId = '01a20000-0000-7000-8000-0000000000f2';

function renderButton() {
  const router = createMemoryRouter(
    [
      { path: '/profile/grace', element: <MessageButton recipient={grace} /> },
      { path: '/chats/:chatId', element: <p>The chat</p> },
    ],
    { initialEntries: ['/profile/grace'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function send(text: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message Grace Mensah' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), text);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  return dialog;
}

describe('Message (profile, lists)', () => {
  it('opens the conversation when the message is delivered, sending it with its own id', async () => {
    const calls = stubApi((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/chats/send')) {
        const body = JSON.parse(String(init.body));
        return {
          status: 200,
          body: {
            data: {
              _id: 'm1',
              chatId,
              message: body.message,
              createdAt: new Date().toISOString(),
              clientMessageId: body.clientMessageId,
              sender: { ...grace, username: 'ada', headline: '', profilePicture: '' },
            },
          },
        };
      }
      return undefined;
    });
    const router = renderButton();
    await send('Hello Grace');
    expect(await screen.findByText('The chat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/chats/${chatId}`);
    const body = calls.find((c) => c.method === 'POST')?.body as {
      recipientId: string;
      message: string;
      clientMessageId: string;
    };
    expect(body).toMatchObject({ recipientId: grace._id, message: 'Hello Grace' });
    expect(body.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says the message went as a request when Grace takes messages only from connections (202)', async () => {
    stubApi((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/chats/send')) {
        return {
          status: 202,
          body: {
            data: {
              request: {
                _id: 'r1',
                recipientId: grace._id,
                status: 'pending',
                createdAt: new Date().toISOString(),
              },
            },
          },
        };
      }
      return undefined;
    });
    const router = renderButton();
    const dialog = await send('Can I join your build?');
    expect(await screen.findByText('Message request sent')).toBeInTheDocument();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Grace accepts messages only from their connections, so your message was sent as a request. They will see it when they accept',
    );
    expect(router.state.location.pathname).toBe('/profile/grace');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
