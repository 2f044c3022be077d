import type { Page } from '@playwright/test';
import { type Person, signIn, signUp, verifyFromMail } from '../support/accounts';
import { expect, expectAccessible, test } from '../support/fixtures';
import { FIRST_ADMIN_EMAIL, FIRST_ADMIN_USERNAME } from '../support/staff';
import { desktop, fullName, personIn, snapBoth } from '../support/people';

// Issue 35 items 1 and 4, end to end (decision 067): the first admin comes from ADMIN_USERNAMES
// (global-setup names their address; they become admin as they verify it), grants moderator to B in the
// browser, B finds the Moderation entry, and the audit log shows the grant.

const firstAdmin: Person = {
  username: FIRST_ADMIN_USERNAME,
  firstName: 'Ari',
  lastName: 'Admin',
  email: FIRST_ADMIN_EMAIL,
  password: 'field-kit-relief-2026',
};

/** The first admin, signed in: signed up through the form on the first run, signed in on a retry. */
async function signInFirstAdmin(page: Page) {
  const existing = await page.request.post('/api/v1/auth/login', {
    data: { emailOrUsername: firstAdmin.username, password: firstAdmin.password },
  });
  if (existing.ok()) {
    await page.goto('/#/');
    return;
  }
  await signUp(page, firstAdmin);
  await signIn(page, firstAdmin.username, firstAdmin.password, /#\/verification-pending$/);
  await verifyFromMail(page, firstAdmin);
  await page.getByRole('link', { name: 'Go to your feed' }).click();
  await expect(page).toHaveURL(/#\/$/);
}

async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  return page.getByRole('menu');
}

test('an admin makes B a moderator; B sees Moderation; the audit log shows it', async ({ browser }) => {
  const b = await personIn(browser, 'mod');
  const context = await browser.newContext({ baseURL: process.env.MUSTER_BASE_URL, viewport: desktop });
  const page = await context.newPage();
  try {
    await signInFirstAdmin(page);
    // A member has no staff entries.
    const bMenu = await openProfileMenu(b.page);
    await expect(bMenu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(bMenu.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
    await b.page.keyboard.press('Escape');

    // The admin reaches the staff page from the account menu.
    const menu = await openProfileMenu(page);
    await menu.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/#\/moderation\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const staff = page.getByRole('region', { name: 'Admins and moderators' });
    await expect(staff.getByText(firstAdmin.email)).toBeVisible();

    // Finds B and makes them a moderator, with a reason.
    await page.getByLabel('Username or email').fill(b.person.username);
    const found = page.getByRole('list', { name: 'People found' });
    await found.getByRole('button', { name: `Change the role of ${fullName(b.person)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Role of ${fullName(b.person)}` });
    await dialog.getByRole('radio', { name: /Moderator/ }).check();
    await dialog.getByLabel('Reason').fill('Runs the shelter desk; knows the valley');
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(page.getByText(`${fullName(b.person)} is now a moderator.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(staff.getByText(b.person.email)).toBeVisible();
    await page.getByLabel('Username or email').fill('');
    await expectAccessible(page);
    await snapBoth(page, 'admin-staff');

    // B's next request knows: the menu now has Moderation (and not Admin).
    await b.page.reload();
    const bMenuAfter = await openProfileMenu(b.page);
    await expect(bMenuAfter.getByRole('menuitem', { name: 'Moderation' })).toBeVisible();
    await expect(bMenuAfter.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await b.page.keyboard.press('Escape');
    // The admin pages stay closed to a moderator.
    await b.page.goto('/#/moderation/audit');
    await expect(b.page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();

    // The audit log shows the grant: who, what, about whom, why.
    await page
      .getByRole('navigation', { name: 'Admin pages' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page).toHaveURL(/#\/moderation\/audit$/);
    const log = page.getByRole('region', { name: 'Audit entries' });
    const grant = log.getByRole('listitem').filter({ hasText: `@${b.person.username}` });
    await expect(grant).toContainText('Role granted');
    await expect(grant).toContainText('Member → Moderator');
    await expect(grant).toContainText(`Ari Admin (@${FIRST_ADMIN_USERNAME})`);
    await expect(grant).toContainText('Runs the shelter desk; knows the valley');
    // Filtered to B, it is the only entry.
    await page.getByLabel('About (username)').fill(b.person.username);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(log.getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page);
    await snapBoth(page, 'admin-audit');
  } finally {
    await context.close();
    await b.close();
  }
});
