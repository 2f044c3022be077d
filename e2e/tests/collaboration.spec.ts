import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signedUpAndIn } from '../support/accounts';
import { expect, expectNoHorizontalOverflow, snap, test } from '../support/fixtures';

const imagePath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'support',
  'sample-photo.png',
);

test('post a request with an image, see it, edit it, get contacted, share and delete it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const poster = await signedUpAndIn(page, 'poster');
  const title = `Boat crew for mangrove survey ${Date.now()}`;

  await page.goto('/#/collaboration/science');
  await expect(page.getByRole('heading', { name: 'Science', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Post a Collaboration Request' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Post Collaboration Request' });
  await expect(modal.getByLabel('Category')).toHaveValue('Science');
  await modal.getByLabel('Mission Title').fill(title);
  await expect(modal.getByPlaceholder('Describe what you need from collaborators')).toBeVisible();
  await modal.getByLabel('Description').fill('Two mornings a month measuring canopy at 40 sites.');
  await modal.getByLabel('Deadline').fill('2027-05-01');
  await modal.getByPlaceholder('Remote or physical location').fill('Singapore');
  await modal.getByTestId('collaboration-image-input').setInputFiles(imagePath);
  await expect(modal.getByAltText('Preview of the chosen image')).toBeVisible();
  await snap(page, 'collaboration-post-modal');
  await modal.getByRole('button', { name: 'Post Request' }).click();
  await expect(modal).toHaveCount(0);

  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/media\/.+\.webp$/);
  await expect(card).toContainText('Due: May 1, 2027');
  await snap(page, 'collaboration-category');

  await page.goto('/#/collaboration/all');
  await expect(page.getByRole('heading', { name: 'All Collaboration Opportunities' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await page.goto('/#/collaboration/not-a-category');
  await expect(page.getByRole('heading', { name: 'All Collaboration Opportunities' })).toBeVisible();

  await page.goto('/#/collaboration/science');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/Posted .* ago/)).toBeVisible();
  await expect(page.getByText('Due: May 1, 2027')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(page.getByText('Posted By')).toBeVisible();
  await expect(page.getByText(`@${poster.username}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Science' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact' })).toHaveCount(0);
  const detailUrl = page.url();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel('Mission Title')).toHaveValue(title);
  await page.getByLabel('Location').fill('Pasir Ris, Singapore');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Pasir Ris, Singapore')).toBeVisible();

  // A second person contacts the poster, who takes messages from everyone: new accounts start
  // with requests from strangers (decision 047), and this journey is about the conversation.
  const open = await page.request.put('/api/v1/users/me/privacy', {
    data: {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: true,
    },
  });
  expect(open.status()).toBe(200);
  const helperContext = await browser.newContext({
    baseURL: process.env.MUSTER_BASE_URL,
    viewport: { width: 375, height: 812 },
  });
  const helper = await helperContext.newPage();
  await signedUpAndIn(helper, 'helper');
  await helper.goto(detailUrl.slice(detailUrl.indexOf('#') - 1));
  // The request's page, not the home page it was opened from (a hash change keeps the old page up
  // until the new one's code has loaded).
  await expect(helper.getByRole('heading', { name: title })).toBeVisible();
  await expect(helper.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expectNoHorizontalOverflow(helper);
  await snap(helper, 'collaboration-detail');
  await helper.getByRole('button', { name: 'Contact' }).click();
  const contact = helper.getByRole('dialog', { name: `Contact ${poster.firstName} ${poster.lastName}` });
  await expect(contact.getByLabel('Message')).toHaveValue(new RegExp(`"${title}"`));
  await contact.getByLabel('Message').fill('   ');
  await expect(contact.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  await contact.getByLabel('Message').fill(`Hi! I have a boat and can help with "${title}".`);
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(contact).toHaveCount(0);
  await helperContext.close();

  // The poster sees the message arrive, with the badge.
  await page.goto('/#/chats');
  await expect(page.getByRole('navigation', { name: 'Main' }).first().getByTestId('badge-Chats')).toHaveText(
    /: 1$/,
  );
  const row = page.getByRole('link').filter({ hasText: 'I have a boat' });
  await expect(row).toBeVisible();
  await snap(page, 'chats');
  await row.click();
  await expect(page.getByText(`Hi! I have a boat and can help with "${title}".`)).toBeVisible();
  // Showing the conversation marks it read: the badge goes at once, and stays gone after a reload.
  const chatsBadge = page.getByRole('navigation', { name: 'Main' }).first().getByTestId('badge-Chats');
  await expect(chatsBadge).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(`Hi! I have a boat and can help with "${title}".`)).toBeVisible();
  await expect(chatsBadge).toHaveCount(0);
  await page.getByLabel('Write a message').fill('Wonderful, see you on the 14th!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Wonderful, see you on the 14th!')).toBeVisible();
  await snap(page, 'chat');

  // Share falls back to copying the link.
  await page.goto(detailUrl.slice(detailUrl.indexOf('#') - 1));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
  );
  const dialogMessage = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await page.getByRole('button', { name: 'Share' }).click();
  expect(await dialogMessage).toBe('Link copied to clipboard');

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Collaboration Request' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this collaboration request? This action cannot be undone.',
  );
  await snap(page, 'collaboration-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/#\/collaboration\/science$/);
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
});
