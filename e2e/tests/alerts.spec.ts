import { expect, expectAccessible, test } from '../support/fixtures';
import { fullName, personIn, snapBoth } from '../support/people';

// Issue 32 item 3, end to end: the "asked to join" and "assigned you a task" alerts land on
// something to act on — the mission page's pending requests, and the task pinned in the chat.

test('A approves B from the mission page the join alert opens; B lands in the chat on the task A assigned', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const a = await personIn(browser, 'lead');
  const b = await personIn(browser, 'asker');
  const title = `Sandbags ${Date.now().toString(36)}`;

  await a.page.goto('/#/create-mission');
  await a.page.getByLabel('Title').fill(title);
  await a.page.getByText('People join to help with the work').click();
  await a.page.getByLabel('Description').fill('Fill and stack sandbags along the river before the rains.');
  await a.page.getByLabel('Category').fill('Flooding');
  await a.page.getByRole('button', { name: 'Create mission' }).click();
  await expect(a.page).toHaveURL(/#\/missions\/[0-9a-f-]{36}$/);
  const missionId = /missions\/([0-9a-f-]{36})/.exec(a.page.url())![1]!;
  // Nobody has asked yet: the owner sees the section, empty.
  await expect(a.page.getByText('No pending requests')).toBeVisible();

  // B asks to join.
  await b.page.goto(`/#/missions/${missionId}`);
  await b.page
    .getByRole('group', { name: 'Mission actions' })
    .getByRole('button', { name: 'Join', exact: true })
    .click();
  const join = b.page.getByRole('dialog', { name: 'Join mission' });
  await join.getByText('Help with the work', { exact: true }).click();
  await join.getByLabel(/Message/).fill('I have a truck and two free days.');
  await join.getByRole('button', { name: 'Send request' }).click();
  await expect(b.page.getByRole('button', { name: 'Requested' })).toBeDisabled();
  // B, not an answerer, sees no pending requests.
  await expect(b.page.getByRole('region', { name: /Pending requests/ })).toHaveCount(0);

  // A opens the alert: the mission page, with B's request and its Approve.
  await a.page.goto('/#/notifications');
  const notice = a.page.getByRole('button', { name: new RegExp(`${fullName(b.person)} asked to join`) });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(a.page).toHaveURL(new RegExp(`#/missions/${missionId}$`));
  const pending = a.page.getByRole('region', { name: /Pending requests/ });
  const row = pending.getByRole('listitem').filter({ hasText: fullName(b.person) });
  await expect(row).toContainText('I have a truck and two free days.');
  await expectAccessible(a.page);
  await snapBoth(a.page, 'mission-pending-requests');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(a.page.getByText('Request approved')).toBeVisible();
  await expect(pending.getByText('No pending requests')).toBeVisible();

  // A assigns B a task.
  await a.page.getByRole('button', { name: 'New task' }).click();
  const newTask = a.page.getByRole('dialog', { name: 'New task' });
  await newTask.getByLabel('Title').fill('Bring the truck');
  await newTask.getByLabel('Assignee').selectOption({ label: fullName(b.person) });
  await newTask.getByRole('button', { name: 'Create task' }).click();
  await expect(
    a.page.getByRole('region', { name: 'To do' }).getByText('Bring the truck', { exact: true }),
  ).toBeVisible();

  // B clicks the task alert: the mission chat, with the task pinned, and no request for a
  // "mission" by the chat's id.
  const missing: string[] = [];
  b.page.on('response', (r) => {
    if (r.status() === 404 && r.url().includes('/api/v1/missions/')) missing.push(r.url());
  });
  await b.page.goto('/#/notifications');
  const taskNotice = b.page.getByRole('button', {
    name: new RegExp(`${fullName(a.person)} assigned you a task: Bring the truck`),
  });
  await expect(taskNotice).toBeVisible();
  await taskNotice.click();
  await expect(b.page).toHaveURL(new RegExp(`#/chat/[0-9a-f-]{36}\\?mission=${missionId}$`));
  await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const pin = b.page.getByRole('region', { name: 'Your tasks in this mission' });
  await expect(pin).toContainText('Bring the truck');
  await expect(pin).toContainText('To do');
  await expectAccessible(b.page);
  await snapBoth(b.page, 'mission-chat-task');
  expect(missing).toEqual([]);
  await pin.getByRole('link', { name: "See the mission's tasks" }).click();
  await expect(b.page).toHaveURL(new RegExp(`#/missions/${missionId}$`));
  await expect(
    b.page.getByRole('region', { name: 'To do' }).getByText('Bring the truck', { exact: true }),
  ).toBeVisible();

  await Promise.all([a.close(), b.close()]);
});
