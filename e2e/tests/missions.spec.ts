import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, test } from '../support/fixtures';
import { fullName, personIn, snapBoth } from '../support/people';

// Issue 12, end to end: a mission from its creation to a task done, as three real people (owner A,
// joiner B, follower C) in their own browser contexts, against the real server.

const imagePath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'support',
  'sample-photo.png',
);

test('A starts a mission, B joins and posts update #1, C hears of it, and a task goes from A to B to done', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const a = await personIn(browser, 'owner');
  const b = await personIn(browser, 'joiner');
  const c = await personIn(browser, 'follower');
  const title = `Clean water ${Date.now().toString(36)}`;

  // A starts a mission with a photo; the form checks itself before sending.
  await a.page.goto('/#/create-mission');
  await expect(a.page.getByRole('heading', { level: 1, name: 'Start a mission' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Create mission' }).click();
  await expect(a.page.getByText('Give the mission a title')).toBeVisible();
  await a.page.getByLabel('Title').fill(title);
  await a.page.getByText('People join to help with the work').click();
  await a.page
    .getByLabel('Description')
    .fill('Wells and water filters for three villages before the dry season.');
  await a.page.getByLabel('Category').fill('Water');
  await a.page.getByTestId('mission-photo-input').setInputFiles(imagePath);
  await expect(a.page.getByRole('img', { name: 'Preview of the mission photo' })).toBeVisible();
  await snapBoth(a.page, 'mission-create');
  await a.page.getByRole('button', { name: 'Create mission' }).click();
  await expect(a.page).toHaveURL(/#\/missions\/[0-9a-f-]{36}$/);
  const missionId = /missions\/([0-9a-f-]{36})/.exec(a.page.url())![1]!;
  await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(a.page.getByText('Collab', { exact: true })).toBeVisible();
  // The photo is the uploaded one, stored by the server (not the default illustration).
  await expect(a.page.locator('article img').first()).not.toHaveAttribute('src', '/mission-default.svg');
  await expect(a.page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await expectAccessible(a.page);
  await snapBoth(a.page, 'mission-owner');

  // B opens it by its address, follows it and asks to join as a collaborator.
  await b.page.goto(`/#/missions/${missionId}`);
  await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(b.page.getByRole('heading', { name: 'Tasks' })).toHaveCount(0);
  await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(b.page.getByRole('button', { name: 'Following' })).toBeVisible();
  await b.page.getByRole('button', { name: 'Join', exact: true }).click();
  const join = b.page.getByRole('dialog', { name: 'Join mission' });
  await join.getByText('Help with the work', { exact: true }).click();
  await join.getByLabel(/Message/).fill('I can dig on weekends.');
  await snapBoth(b.page, 'mission-join-dialog');
  await join.getByRole('button', { name: 'Send request' }).click();
  await expect(join).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Requested' })).toBeDisabled();
  await snapBoth(b.page, 'mission-visitor');

  // C follows it too.
  await c.page.goto(`/#/missions/${missionId}`);
  await c.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(c.page.getByRole('button', { name: 'Following' })).toBeVisible();

  // A approves on /requests.
  await a.page.goto('/#/requests');
  await expect(a.page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  const request = a.page.getByRole('listitem').filter({ hasText: fullName(b.person) });
  await expect(request).toContainText('I can dig on weekends.');
  await expectAccessible(a.page);
  await snapBoth(a.page, 'mission-requests');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(a.page.getByText('Request approved')).toBeVisible();
  await expect(a.page.getByText('No join requests')).toBeVisible();

  // B, now a member, posts update #1 through the composer's update mode, prefilled.
  await b.page.reload();
  await expect(b.page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await b.page.getByRole('button', { name: 'Post update' }).click();
  const composer = b.page.getByRole('dialog', { name: 'Create a post' });
  await expect(composer.getByLabel('Text')).toHaveValue(`🔔 Update #1: ${title}\n`);
  await composer.getByLabel('Text').press('Control+End');
  await composer.getByLabel('Text').pressSequentially('First well is dug.');
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(b.page.getByText('Post created successfully')).toBeVisible();
  await expect(b.page.getByRole('region', { name: 'Updates' }).getByText('First well is dug.')).toBeVisible();

  // C, a follower, hears of it; the click opens the mission.
  await c.page.goto('/#/notifications');
  const notice = c.page.getByRole('button', {
    name: new RegExp(`${fullName(b.person)} posted an update to`),
  });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(c.page).toHaveURL(new RegExp(`#/missions/${missionId}$`));
  await expect(c.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A, the owner, sees B's update on their home: its Join finds A a member already, and gives the mission instead.
  const update = a.page.getByRole('article').filter({ hasText: 'First well is dug.' });
  await expect(async () => {
    await a.page.goto('/#/');
    await a.page.reload();
    await expect(update).toBeVisible({ timeout: 3_000 });
  }).toPass();
  await update.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(a.page.getByText(`You're already a member of ${title}`)).toBeVisible();
  await expect(update.getByRole('link', { name: 'Open mission' })).toHaveAttribute(
    'href',
    `#/missions/${missionId}`,
  );
  await expect(a.page.getByRole('dialog', { name: 'Join mission' })).toHaveCount(0);

  // A assigns B a task.
  await a.page.goto(`/#/missions/${missionId}`);
  await a.page.getByRole('button', { name: 'New task' }).click();
  const newTask = a.page.getByRole('dialog', { name: 'New task' });
  await newTask.getByLabel('Title').fill('Dig well 2');
  await newTask.getByLabel('Assignee').selectOption({ label: fullName(b.person) });
  await newTask.getByLabel(/Due date/).fill('2030-06-01');
  await newTask.getByRole('button', { name: 'Create task' }).click();
  await expect(
    a.page.getByRole('region', { name: 'To do' }).getByText('Dig well 2', { exact: true }),
  ).toBeVisible();
  await snapBoth(a.page, 'mission-member');

  // B's task notice opens the mission chat; B says hello there.
  await b.page.goto('/#/notifications');
  const taskNotice = b.page.getByRole('button', {
    name: new RegExp(`${fullName(a.person)} assigned you a task: Dig well 2`),
  });
  await expect(taskNotice).toBeVisible();
  await taskNotice.click();
  await expect(b.page).toHaveURL(new RegExp(`#/chat/[0-9a-f-]{36}\\?mission=${missionId}$`));
  await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await b.page.getByLabel('Write a message').fill('On it!');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByText('On it!')).toBeVisible();
  // A sees it in the same chat, reached from the mission page.
  await a.page.goto(`/#/chat/${missionId}`);
  await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(a.page.getByText('On it!')).toBeVisible();
  await snapBoth(a.page, 'mission-chat');
  // /chats (Missions in the navigation) lists the mission's chat by its title and leads to the mission pages.
  await a.page.goto('/#/chats');
  await expect(
    a.page.getByRole('navigation', { name: 'Missions' }).getByRole('link', { name: 'Followed missions' }),
  ).toBeVisible();
  await expect(a.page.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
    'href',
    `#/chat/${missionId}`,
  );
  await snapBoth(a.page, 'mission-chats-list');

  // B moves it to done on /tasks.
  await b.page.goto('/#/tasks');
  await expect(b.page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await b.page.getByLabel('Only tasks assigned to me').check();
  await b.page.getByLabel('Status of Dig well 2').selectOption('done');
  await expect(
    b.page.getByRole('region', { name: 'Done' }).getByText('Dig well 2', { exact: true }),
  ).toBeVisible();
  await b.page.reload();
  await expect(
    b.page.getByRole('region', { name: 'Done' }).getByText('Dig well 2', { exact: true }),
  ).toBeVisible();
  await expectAccessible(b.page);
  await snapBoth(b.page, 'mission-tasks');

  // The people pages: B is A's collaborator on this mission; nobody is a partner.
  await a.page.goto('/#/collaborators');
  const group = a.page.getByRole('region', { name: title });
  await expect(group.getByText(fullName(b.person))).toBeVisible();
  await snapBoth(a.page, 'mission-collaborators');
  await a.page.goto('/#/partners');
  await expect(a.page.getByText('No partners yet')).toBeVisible();
  await snapBoth(a.page, 'mission-partners');

  // C's followed missions list it, and Unfollow takes it off.
  await c.page.goto('/#/followed-missions');
  await expect(c.page.getByRole('heading', { level: 1, name: 'Followed missions' })).toBeVisible();
  const row = c.page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible();
  await snapBoth(c.page, 'mission-followed');
  await row.getByRole('button', { name: 'Unfollow' }).click();
  await expect(c.page.getByText("You don't follow any missions yet")).toBeVisible();

  await Promise.all([a.close(), b.close(), c.close()]);
});
