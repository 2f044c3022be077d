import { expect, expectAccessible, test } from '../support/fixtures';
import { snapBoth } from '../support/people';
import { type Made, staffServer } from '../support/staff';

// Issue 38, "admins can block or limit a whole server" (decision 088): an admin limits a server,
// then blocks it instead (a block is confirmed first: it deletes what was kept from it), and lifts
// it; the audit log names each step; a member is not let in. On a server of its own whose staff are
// made in its database first, as the other staff journeys.

let staff: Awaited<ReturnType<typeof staffServer>> | undefined;
let admin: Made, member: Made;

test.beforeAll(async () => {
  const started = await staffServer('servers', {
    admin: ['Ines', 'Admin', 'admin'],
    member: ['Milo', 'Member', 'member'],
  });
  staff = started;
  ({ admin, member } = started.people);
});

test.afterAll(async () => {
  await staff?.server.stop();
});

test('an admin limits a server, blocks it instead after a confirmation, and lifts it; the audit log shows it', async ({
  browser,
}) => {
  test.slow();
  const { page, close } = await staff!.signedIn(browser, admin);
  await page.goto('/#/moderation/servers');
  await expect(page.getByRole('heading', { level: 1, name: 'Federated servers' })).toBeVisible();
  await expect(page.getByText('No server is blocked or limited')).toBeVisible();
  await snapBoth(page, 'federated-servers-empty');

  // A URL is not a host: the field says so, and nothing is kept.
  await page.getByRole('textbox', { name: 'Server', exact: true }).fill('https://spam.example/about');
  await page.getByRole('radio', { name: 'Limit' }).check();
  await page.getByLabel('Why').fill('Bursts of spam since March');
  await page.getByRole('button', { name: 'Limit server' }).click();
  await expect(page.getByRole('textbox', { name: 'Server', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('No server is blocked or limited')).toBeVisible();

  await page.getByRole('textbox', { name: 'Server', exact: true }).fill('spam.example');
  await page.getByRole('button', { name: 'Limit server' }).click();
  await expect(page.getByText('spam.example is now limited')).toBeVisible();
  const list = page.getByRole('list', { name: 'Blocked and limited servers' });
  const row = list.getByRole('listitem').filter({ hasText: 'spam.example' });
  await expect(row.getByText('Limited', { exact: true })).toBeVisible();
  await expect(row.getByText('Bursts of spam since March')).toBeVisible();

  // Blocking instead asks first.
  await row.getByRole('button', { name: 'Block spam.example instead' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Block server' }).click();
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snapBoth(page, 'federated-servers');

  // Lifted, the list is empty again.
  await row.getByRole('button', { name: 'Lift the block on spam.example' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No server is blocked or limited')).toBeVisible();

  // Each step is in the audit log.
  const audit = await page.request.get('/api/v1/admin/audit');
  expect(audit.ok(), await audit.text()).toBe(true);
  const text = JSON.stringify(await audit.json());
  for (const action of ['server.limit', 'server.block', 'server.remove']) expect(text).toContain(action);
  await close();

  // A member is not let in.
  const other = await staff!.signedIn(browser, member);
  const refused = await other.page.request.get('/api/v1/admin/federation/servers');
  expect(refused.status()).toBe(403);
  await other.close();
});
