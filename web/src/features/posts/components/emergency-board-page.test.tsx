import type { Post } from '@muster/contract/posts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { postFixture, renderApp, signedIn, stubApi } from '../../../test/render';

const maria = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'maria',
  firstName: 'Maria',
  lastName: 'Santos',
  headline: 'Nurse',
  profilePicture: '/avatar.png',
};

const post = (id: string, content: string, extra: Partial<Post> = {}): Post =>
  postFixture({
    _id: id,
    author: maria,
    content,
    category: 'Medical supplies',
    mapLocation: { address: 'Tacloban City, Leyte, Philippines' },
    emergencyEmoji: '🆘',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...extra,
  });

const insulin = post('01a20000-0000-7000-8000-0000000000e1', 'Insulin needed at the Palo gym before tonight');
const generator = post('01a20000-0000-7000-8000-0000000000e2', 'A generator for the health desk in Palo', {
  title: 'Generator needed',
});

/** The board answering `board(query)` each time it is asked; everything else as for a new account. */
function boardApi(board: (query: URLSearchParams) => Post[]) {
  return stubApi((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/v1/posts/emergency')
      return { status: 200, body: { data: board(u.searchParams), meta: { nextCursor: null } } };
    return signedIn()(url);
  });
}
const boardCalls = (calls: Array<{ url: string }>) => calls.filter((c) => c.url.includes('/posts/emergency'));

describe('/journalist, the emergency board', () => {
  it('lists the board under its own heading, and says whether it is live', async () => {
    boardApi(() => [insulin]);
    renderApp('/journalist');
    expect(
      await screen.findByRole('heading', { name: 'Emergency board' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Insulin needed at the Palo gym before tonight')).toBeInTheDocument();
    expect(screen.getByText('Reconnecting · checking every 30 s')).toBeInTheDocument();
    // The socket opens at the start-up's last step, a few idle moments after the first screen.
    (await waitFor(() => FakeWebSocket.latest)).open();
    expect(await screen.findByText('Live')).toBeInTheDocument();
  });

  it('puts a post announced by the socket on top without a reload, and announces it politely', async () => {
    let posts = [insulin];
    const calls = boardApi(() => posts);
    renderApp('/journalist');
    expect(
      await screen.findByText('Insulin needed at the Palo gym before tonight', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await FakeWebSocket.accept();

    posts = [generator, insulin];
    FakeWebSocket.latest.receive({ type: 'board.posted', data: { _id: generator._id } });
    const arrived = await screen.findByText('A generator for the health desk in Palo');
    expect(
      arrived.compareDocumentPosition(screen.getByText('Insulin needed at the Palo gym before tonight')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getAllByText('Insulin needed at the Palo gym before tonight')).toHaveLength(1);
    const notices = screen.getAllByRole('status').filter((s) => s.getAttribute('aria-live') === 'polite');
    expect(notices.map((s) => s.textContent)).toContain(
      'New on the board from Maria Santos: Generator needed',
    );
    // The newest page only, not every page loaded.
    expect(boardCalls(calls)).toHaveLength(2);
  });

  it('asks the server with the filters, keeps them in the address, and offers to clear them when nothing matches', async () => {
    const calls = boardApi((q) => (q.get('place') === 'Cebu' ? [] : [insulin]));
    const router = renderApp('/journalist');
    expect(
      await screen.findByText('Insulin needed at the Palo gym before tonight', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();

    const filters = screen.getByRole('search', { name: 'Filter the board' });
    await userEvent.type(within(filters).getByLabelText('Place'), 'Cebu');
    expect(await screen.findByText(/Nothing on the board for these filters yet/)).toBeInTheDocument();
    expect(boardCalls(calls).at(-1)!.url).toContain('place=Cebu');
    await waitFor(() => expect(router.state.location.search).toBe('?place=Cebu'));

    await userEvent.type(within(filters).getByLabelText('Category'), 'Medical supplies');
    await waitFor(() => expect(boardCalls(calls).at(-1)!.url).toContain('category=Medical+supplies'));

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('Insulin needed at the Palo gym before tonight')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Place')).toHaveValue('');
    // The cleared filters settle (debounced) into the address before it changes under the page.
    await waitFor(() => expect(router.state.location.search).toBe(''));

    // The address changing under the open page (a bookmark, the back button) sets the filters.
    await act(() => router.navigate('/journalist?place=Leyte'));
    expect(within(filters).getByLabelText('Place')).toHaveValue('Leyte');
    await waitFor(() => expect(boardCalls(calls).at(-1)!.url).toContain('place=Leyte'));
  });

  it('opens with the filters in the address, and has a next step when the board is empty', async () => {
    const calls = boardApi(() => []);
    renderApp('/journalist?category=Shelter');
    expect(
      await screen.findByText(/Nothing on the board for these filters yet/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(boardCalls(calls)[0]!.url).toContain('category=Shelter');
    expect(screen.getByLabelText('Category')).toHaveValue('Shelter');

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText(/The board is quiet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share an update from your feed' })).toHaveAttribute('href', '/');
  });
});
