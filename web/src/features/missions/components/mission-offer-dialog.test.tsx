import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

// Decision 056: one offer form (the offers feature's) in a mission's Offer help as in a need's; the
// mission's dialog keeps its own words, and what was typed while it is closed.

const missionId = '01a20000-0000-7000-8000-0000000000a1';
const owner = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const mission = {
  _id: missionId,
  title: 'Clean water for Tamale',
  photo: '/mission-default.svg',
  type: 'collaboration',
  category: 'Water',
  location: 'Tamale, Ghana',
  status: 'ongoing',
  owner,
  partnersCount: 0,
  collaboratorsCount: 0,
  updateCount: 0,
  followerCount: 0,
  createdAt: '2026-11-20T00:00:00Z',
  description: 'Wells and filters.',
  mapLocation: null,
  visibility: 'public',
  role: 'none',
  following: false,
  joinRequest: 'none',
  chatId: null,
  can: {
    edit: false,
    join: true,
    leave: false,
    postUpdate: false,
    manageTasks: false,
    approveRequests: false,
  },
};
const path = (url: string) => url.replace('/api/v1', '');

function api(offer: () => { status: number; body?: unknown }) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path(url) === `/missions/${missionId}`)
      return { status: 200, body: { data: mission } };
    if (method === 'GET' && path(url) === `/missions/${missionId}/members`)
      return {
        status: 200,
        body: {
          data: {
            owner: { user: owner, role: 'owner', joinedAt: '2026-11-20T00:00:00Z' },
            partners: [],
            collaborators: [],
          },
        },
      };
    if (method === 'POST' && path(url) === `/missions/${missionId}/offers`) return offer();
    return signedIn()(url);
  });
}

async function openOffer() {
  renderApp(`/missions/${missionId}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Offer help' }, { timeout: 20_000 }));
  return screen.findByRole('dialog', { name: 'Offer help' });
}

describe("a mission's Offer help", () => {
  it('checks the message with the contract, then sends the offer to the mission and says Offer sent', async () => {
    const calls = api(() => ({ status: 201, body: { data: { ok: true } } }));
    const dialog = await openOffer();
    expect(dialog).toHaveTextContent('Tell the owner of Clean water for Tamale how you can help.');
    const message = within(dialog).getByLabelText('Message');
    expect(message).toHaveAttribute('placeholder', 'I can lend a truck on weekends…');
    expect(within(dialog).getByLabelText(/What you can give/)).toHaveAttribute(
      'placeholder',
      'A truck, two volunteers, design work…',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText('Say how you can help')).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(message, 'I can lend a truck on weekends');
    await userEvent.type(within(dialog).getByLabelText(/When/), '  Weekends in December ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer help' })).not.toBeInTheDocument());
    // What the schema gave back: trimmed, and the blank "What you can give" left out.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      message: 'I can lend a truck on weekends',
      when: 'Weekends in December',
    });
  });

  it("says the server's field refusal under that field, with its toast, and keeps the draft when closed", async () => {
    api(() => ({
      status: 400,
      body: {
        message: 'What you can give must be at most 300 characters',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'give', message: 'What you can give must be at most 300 characters' }],
      },
    }));
    let dialog = await openOffer();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Two volunteers');
    await userEvent.type(within(dialog).getByLabelText(/What you can give/), 'A truck');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));

    const give = within(dialog).getByLabelText(/What you can give/);
    await waitFor(() => expect(give).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(give.getAttribute('aria-describedby')!)).toHaveTextContent(
      'What you can give must be at most 300 characters',
    );
    expect(give).toHaveFocus();
    // The toast says the server's words too (the spec's failure toast).
    await waitFor(
      () => expect(screen.getAllByText('What you can give must be at most 300 characters')).toHaveLength(2),
      { timeout: 10_000 },
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer help' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Offer help' }));
    dialog = await screen.findByRole('dialog', { name: 'Offer help' });
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Two volunteers');
    expect(within(dialog).getByLabelText(/What you can give/)).toHaveValue('A truck');
  });
});
