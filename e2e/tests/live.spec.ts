import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';
import { fullName, personIn, phone, snapBoth } from '../support/people';

// Issue 15, end to end: live chat between two signed-in browsers, the badge on another page,
// "Seen", a stranger's message as a request, and the socket killed and restored.

const chatsBadge = (page: Page) => page.locator('[data-testid="badge-Chats"]:visible');
const idOf = async (page: Page) =>
  ((await (await page.request.get('/api/v1/auth/me')).json()) as { data: { _id: string } }).data._id;

/**
 * Watches the page's socket: each frame from the server is recorded (so the test can tell a
 * message that came over the socket from one a poll fetched). `cut` kills it as if the server's
 * socket died, and until `restore` new ones fail (they are pointed at an address beside it, whose
 * upgrade the server refuses), as they do while the server is unreachable.
 */
async function watchSocket(page: Page) {
  const frames: string[] = [];
  let open = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/v1/ws')) return;
    open += 1;
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
    ws.on('close', () => (open -= 1));
  });
  await page.addInitScript(() => {
    const Real = window.WebSocket;
    const w = window as unknown as { __socketDown?: boolean; __sockets?: WebSocket[] };
    w.__sockets = [];
    window.WebSocket = class extends Real {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(w.__socketDown ? `${String(url)}-gone` : url, protocols);
        w.__sockets!.push(this);
      }
    };
  });
  return {
    sawMessage: (text: string) => frames.some((f) => f.includes('"message.created"') && f.includes(text)),
    connected: () => open > 0,
    cut: () =>
      page.evaluate(() => {
        const w = window as unknown as { __socketDown?: boolean; __sockets?: WebSocket[] };
        w.__socketDown = true;
        for (const s of w.__sockets ?? []) s.close(4000, 'server gone');
      }),
    restore: () =>
      page.evaluate(() => {
        (window as unknown as { __socketDown?: boolean }).__socketDown = false;
        window.dispatchEvent(new Event('online'));
      }),
  };
}

test('live: A writes and B sees it at once; the badge rises elsewhere; Seen; a stranger’s request; the socket dies and comes back', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const a = await personIn(browser, 'livea');
  const b = await personIn(browser, 'liveb');
  const bId = await idOf(b.page);
  // B's socket is watched from the next load on.
  const relay = await watchSocket(b.page);

  // B takes messages from everyone (new accounts start with requests from strangers, decision
  // 047); A opens the conversation with a first message; both have it open.
  const open = await b.page.request.put('/api/v1/users/me/privacy', {
    data: {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: true,
    },
  });
  expect(open.status()).toBe(200);
  const first = await a.page.request.post('/api/v1/chats/send', {
    data: { recipientId: bId, message: 'Hi! Are the sandbags still at the depot?' },
  });
  expect(first.status()).toBe(200);
  const chatId = ((await first.json()) as { data: { chatId: string } }).data.chatId;
  await a.page.goto(`/#/chats/${chatId}`);
  await b.page.goto(`/#/chats/${chatId}`);
  await b.page.reload();
  await expect(b.page.getByText('Hi! Are the sandbags still at the depot?')).toBeVisible();
  await expect.poll(() => relay.connected()).toBe(true);

  // A writes; B's open conversation shows it without a reload, over the socket (polling pauses
  // while the socket is up, so nothing else could have brought it).
  const sentAt = Date.now();
  await a.page.getByLabel('Write a message').fill('Yes — 40 bags, come before six.');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByText('Yes — 40 bags, come before six.')).toBeVisible();
  test.info().annotations.push({ type: 'A → B on screen (ms)', description: String(Date.now() - sentAt) });
  expect(relay.sawMessage('40 bags')).toBe(true);
  // B had it open and visible: it is read, and A sees "Seen" under it, live.
  await expect(a.page.getByText('Seen', { exact: true })).toBeVisible();
  await snapBoth(a.page, 'live-seen');

  // On another page, B's Chats badge rises when A writes.
  await b.page.goto('/#/network');
  await expect(chatsBadge(b.page)).toHaveCount(0);
  await a.page.getByLabel('Write a message').fill('Bring gloves too.');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(chatsBadge(b.page)).toHaveText(/1$/);
  await expect(a.page.getByText('Seen', { exact: true })).toHaveCount(0);
  // B reads it: the badge clears, and A sees Seen again.
  await b.page.goto(`/#/chats/${chatId}`);
  await expect(b.page.getByText('Bring gloves too.')).toBeVisible();
  await expect(a.page.getByText('Seen', { exact: true })).toBeVisible();
  await expect(chatsBadge(b.page)).toHaveCount(0);
  // B answers; A's open conversation shows it live too.
  await b.page.getByLabel('Write a message').fill('On my way, with gloves.');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByText('On my way, with gloves.')).toBeVisible();

  // A stranger writes to B, who goes back to taking messages only from connections: a request, in /requests.
  const privacy = await b.page.request.put('/api/v1/users/me/privacy', {
    data: {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'connections',
      searchable: true,
    },
  });
  expect(privacy.status()).toBe(200);
  // The privacy page says what new accounts start with (issue 32 item 5).
  await b.page.goto('/#/privacy-settings');
  await expect(b.page.getByText(/New accounts start with Connections only/)).toBeVisible();
  await snapBoth(b.page, 'privacy-message-default');
  const c = await personIn(browser, 'livec');
  await c.page.goto(`/#/profile/${b.person.username}`);
  await c.page.getByRole('button', { name: 'Message' }).click();
  await c.page
    .getByLabel('Message', { exact: true })
    .fill('Hello from the school shelter — could you spare a pump?');
  await c.page.getByRole('button', { name: 'Send' }).click();
  await expect(c.page.getByText('Message request sent')).toBeVisible();
  await expect(c.page.getByText('so your message was sent as a request')).toBeVisible();
  await b.page.goto('/#/requests');
  const requests = b.page.getByRole('region', { name: 'Message requests' });
  await expect(requests.getByText('Hello from the school shelter — could you spare a pump?')).toBeVisible();
  await expect(requests.getByText(fullName(c.person))).toBeVisible();
  await expectAccessible(b.page);
  await snapBoth(b.page, 'requests');
  await requests.getByRole('button', { name: `Accept ${fullName(c.person)}'s message` }).click();
  await expect(b.page).toHaveURL(/#\/chats\/[0-9a-f-]{36}$/);
  await expect(b.page.getByText('Hello from the school shelter — could you spare a pump?')).toBeVisible();
  await b.page.goto('/#/requests');
  await expect(requests.getByText('No message requests')).toBeVisible();
  await c.close();

  // Connected to A, B's home offers A's new post with the "New posts" pill; a click brings it in.
  const aId = await idOf(a.page);
  expect((await a.page.request.post(`/api/v1/connections/${bId}`)).status()).toBe(200);
  expect((await b.page.request.post(`/api/v1/connections/${aId}`)).status()).toBe(200);
  await b.page.goto('/#/');
  await expect(b.page.getByRole('heading', { name: 'Home' })).toBeAttached();
  await expect(b.page.getByRole('status', { name: 'Loading posts' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'New posts' })).toHaveCount(0);
  const posted = await a.page.request.post('/api/v1/posts/create', {
    data: { kind: 'need', category: 'Tools', content: 'Two more shovels for the depot, anyone?' },
  });
  expect(posted.status()).toBe(200);
  await expect(b.page.getByRole('button', { name: 'New posts' })).toBeVisible();
  await expect(b.page.getByText('Two more shovels for the depot, anyone?')).toHaveCount(0);
  await snapBoth(b.page, 'home-new-posts');
  await b.page.getByRole('button', { name: 'New posts' }).click();
  await expect(b.page.getByText('Two more shovels for the depot, anyone?')).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'New posts' })).toHaveCount(0);

  // The socket dies and stays down: B's open conversation falls back to the 30-second poll.
  await b.page.goto(`/#/chats/${chatId}`);
  await expect(b.page.getByText('Bring gloves too.')).toBeVisible();
  await relay.cut();
  await a.page.getByLabel('Write a message').fill('The depot closes early today.');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByText('The depot closes early today.')).toBeVisible({ timeout: 60_000 });
  expect(relay.sawMessage('closes early')).toBe(false);

  // It comes back: the page reconnects (at once when the browser says it is online again) and
  // messages arrive over the socket once more.
  await relay.restore();
  await expect.poll(() => relay.connected(), { timeout: 60_000 }).toBe(true);
  await a.page.getByLabel('Write a message').fill('See you at five.');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByText('See you at five.')).toBeVisible();
  expect(relay.sawMessage('See you at five.')).toBe(true);
  await b.page.setViewportSize(phone);
  await snapBoth(b.page, 'live-chat');

  await a.close();
  await b.close();
});
