import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { newPerson, signIn, signUp, verifyFromMail } from '../support/accounts';
import {
  type CapturedMail,
  expect,
  expectAccessible,
  screenshotDir,
  snap,
  test,
  waitForMail,
} from '../support/fixtures';
import { desktop, phone, snapBoth } from '../support/people';

// Issue 34 items 2 and 3 (decision 063): the mails the app really sends for notices, as the real
// SMTP capture received them, rendered in Chromium at 1280 and 375 px (HTML, and the plain-text
// part as a mail client without HTML shows it); then a mail's unsubscribe link, opened signed out.

type Someone = { page: Page; id: string; name: string; email: string; close: () => Promise<void> };

/** A verified person with a name a screenshot can show, signed in in a browser context of their own. */
async function someone(
  browser: Browser,
  prefix: string,
  firstName: string,
  lastName: string,
): Promise<Someone> {
  const context = await browser.newContext({ baseURL: process.env.MUSTER_BASE_URL, viewport: desktop });
  const page = await context.newPage();
  const person = { ...newPerson(prefix), firstName, lastName };
  await signUp(page, person);
  await signIn(page, person.username, person.password, /#\/verification-pending$/);
  await verifyFromMail(page, person);
  const me = (await (await page.request.get('/api/v1/auth/me')).json()) as { data: { _id: string } };
  return {
    page,
    id: me.data._id,
    name: `${firstName} ${lastName}`,
    email: person.email,
    close: () => context.close(),
  };
}

async function call(who: Someone, method: 'post' | 'put', url: string, data?: object) {
  const res = await who.page.request[method](`/api/v1${url}`, data ? { data } : {});
  expect(res.status(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const mailTo = (to: Someone, subject: string) =>
  waitForMail((m) => m.to.includes(to.email) && m.subject === subject, 60_000);

/** The mail's HTML as a mail client shows it, and its text part, at both widths. */
async function snapMail(page: Page, mail: CapturedMail, name: string) {
  expect(mail.html, `${name} has an HTML part`).toBeTruthy();
  await page.setViewportSize(desktop);
  await page.setContent(mail.html!);
  await snap(page, `mail-${name}`);
  await page.setViewportSize(phone);
  // A phone's mail app: nothing runs off the side, the button is a thumb's size.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} fits 375 px`).toBeLessThanOrEqual(0);
  await snap(page, `mail-${name}`);
  const escaped = (mail.text ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;');
  await page.setContent(
    `<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:16px;background:#fff"><div style="font:13px/1.5 ui-monospace,monospace;color:#111;border:1px solid #ddd;padding:12px;max-width:72ch"><div style="color:#555;margin-bottom:8px">Subject: ${mail.subject!.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</div><pre style="white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font:inherit">${escaped}</pre></div></body>`,
  );
  await snap(page, `mail-${name}-text`);
  await page.setViewportSize(desktop);
}

test('the notice mails the app sends, in Chromium, and their one-click unsubscribe', async ({ browser }) => {
  test.setTimeout(600_000);
  const ana = await someone(browser, 'mailana', 'Ana', 'Reyes');
  const kofi = await someone(browser, 'mailkofi', 'Kofi', 'Mensah');
  const viewer = await browser.newPage({ viewport: desktop });
  const run = Date.now().toString(36);
  const mails: Array<[string, CapturedMail]> = [];

  // An offer of help on a need (offers: mailed at once by default).
  const vanTitle = `A van to the clinic ${run}`;
  const need = await call(ana, 'post', '/posts/create', {
    kind: 'need',
    category: 'Transport',
    title: vanTitle,
    content: 'The clinic needs supplies moved from the depot on Saturday morning: about 20 boxes.',
  });
  const offer = await call(kofi, 'post', `/posts/${need._id}/offers`, {
    message:
      'I have a van and a free Saturday. I can be at the depot at 8:00 and bring a trolley for the boxes.',
  });
  const offerMail = await mailTo(ana, `Kofi Mensah offered to help with “${vanTitle}”`);
  mails.push(['offer', offerMail]);
  expect(offerMail.text).toContain('I have a van and a free Saturday.');
  expect(offerMail.text).toContain(`/#/post/${need._id}`);
  expect(offerMail.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/v1\/unsubscribe\?token=v1\.[^>]+>$/);
  expect(offerMail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

  // Ana accepts: Kofi hears of it.
  await call(ana, 'put', `/offers/${offer._id}/accept`);
  mails.push([
    'offer-accepted',
    await mailTo(kofi, `Ana Reyes accepted your offer to help with “${vanTitle}”`),
  ]);

  // A second need, whose offer Ana declines kindly.
  const blanketsTitle = `Blankets for the night shelter ${run}`;
  const blankets = await call(ana, 'post', '/posts/create', {
    kind: 'need',
    category: 'Shelter',
    title: blanketsTitle,
    content: 'Forty blankets for the night shelter before the cold week.',
  });
  const second = await call(kofi, 'post', `/posts/${blankets._id}/offers`, { message: 'I can bring ten.' });
  await mailTo(ana, `Kofi Mensah offered to help with “${blanketsTitle}”`);
  await call(ana, 'put', `/offers/${second._id}/decline`);
  mails.push(['offer-declined', await mailTo(kofi, `Your offer to help with “${blanketsTitle}”`)]);

  // A mission: Kofi offers help to it, asks to join, is let in, and is given a task.
  const riverTitle = `Clean the river ${run}`;
  const mission = await call(ana, 'post', '/missions', {
    title: riverTitle,
    description: 'Saturday clean-ups of the river bank, with gloves, bags and a skip.',
    type: 'collaboration',
  });
  await call(kofi, 'post', `/missions/${mission._id}/offers`, {
    message: 'I can bring 20 pairs of gloves and drive the full bags to the skip.',
  });
  mails.push(['mission-offer', await mailTo(ana, `Kofi Mensah offered to help with “${riverTitle}”`)]);
  await call(kofi, 'post', `/missions/${mission._id}/join`, {
    role: 'collaborator',
    message: 'Happy to help every Saturday.',
  });
  mails.push([
    'join-request',
    await mailTo(ana, `Kofi Mensah asked to join ${riverTitle} as a collaborator`),
  ]);
  const requests = (await (await ana.page.request.get('/api/v1/chats/join-requests')).json()) as {
    data: Array<{ _id: string; mission: { _id: string } }>;
  };
  const request = requests.data.find((r) => r.mission._id === mission._id)!;
  await call(ana, 'put', `/missions/${mission._id}/join-requests/${request._id}/approve`);
  mails.push([
    'join-approved',
    await mailTo(kofi, `You’re in: Ana Reyes approved your request to join “${riverTitle}”`),
  ]);
  await call(ana, 'post', `/missions/${mission._id}/tasks`, {
    title: 'Bring gloves and bags for Saturday',
    assigneeId: kofi.id,
  });
  mails.push([
    'task',
    await mailTo(kofi, 'Ana Reyes assigned you a task: Bring gloves and bags for Saturday'),
  ]);

  for (const [name, mail] of mails) {
    // Every mail: a heading naming who, a button to the app on its hash route, the footer's why.
    expect(mail.html).toMatch(/href="http:\/\/[^"]+\/#\/[^"]+"/);
    expect(mail.text).toContain('You get this mail because');
    expect(mail.text).toMatch(/Stop mail about [^:]+: http:\/\/\S+\/#\/unsubscribe\?token=v1\./);
    await snapMail(viewer, mail, name);
  }

  // The footer's link, opened by someone not signed in: it says what it stops and stops nothing yet.
  const link = /Stop mail about offers of help: (\S+)/.exec(offerMail.text!)![1]!;
  const visitor = await browser.newContext({ baseURL: process.env.MUSTER_BASE_URL, viewport: desktop });
  const page = await visitor.newPage();
  await page.goto(`/${new URL(link).hash}`);
  await expect(page.getByRole('heading', { name: 'Stop mail about offers of help?' })).toBeVisible();
  await expectAccessible(page);
  await snapBoth(page, 'unsubscribe-page');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You’re unsubscribed' })).toBeVisible();
  await expect(page.getByText(/You won’t get mail about offers of help any more\./)).toBeVisible();
  await expectAccessible(page);
  await snapBoth(page, 'unsubscribe-done');
  // Opened again, the link says it is done; a link altered by hand is refused in words.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Already unsubscribed' })).toBeVisible();
  await page.goto(`/${new URL(link).hash.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`);
  await expect(page.getByRole('heading', { name: 'This link doesn’t work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
  await snapBoth(page, 'unsubscribe-bad-link');

  // What the pictures are of, for whoever looks at them.
  await fs.writeFile(
    path.join(screenshotDir, 'mail-subjects.txt'),
    mails.map(([name, m]) => `${name}: ${m.subject}`).join('\n') + '\n',
  );
  await visitor.close();
  await viewer.close();
  await ana.close();
  await kofi.close();
});
