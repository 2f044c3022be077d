import { signedUpAndIn } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// Spec §2 access rules for a signed-out visitor.
const publicRoutes = ['/muster', '/login', '/signup', '/contact', '/privacy', '/terms', '/about'];
const privateRoutes = [
  '/partners',
  '/collaborators',
  '/tasks',
  '/offers',
  '/network',
  '/followed-missions',
  '/help-center',
  '/settings',
  '/settings/muted',
  '/settings/blocked',
  '/settings/notifications',
  '/privacy-settings',
  '/requests',
  '/savedposts',
  '/notifications',
  '/chats',
  '/chats/abc',
  '/chat/abc',
  '/search',
  '/search/all',
  '/search/needs',
  '/search/provisions',
  '/search/missions',
  '/hashtags',
  '/hashtag/relief',
  '/post/abc',
  '/profile/ada',
  '/create-mission',
  '/missions/abc',
  '/verification-pending',
  '/MobilePost/create',
  '/collaboration/emergency',
  '/collaboration/emergency/abc',
  '/collaboration/emergency/abc/edit',
  '/anything-else',
];

test('a visitor may open every public page', async ({ page }) => {
  for (const route of publicRoutes) {
    await page.goto(`/#${route}`);
    await expect(page).toHaveURL(new RegExp(`#${route}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('a visitor on any other page is sent to /login', async ({ page }) => {
  for (const route of privateRoutes) {
    await page.goto(`/#${route}`);
    await expect(page, route).toHaveURL(/#\/login$/);
  }
});

test('a visitor at / is sent to the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/muster$/);
});

for (const route of ['/journalist', '/hunt']) {
  test(`${route} tells a visitor to log in and goes to /login`, async ({ page }) => {
    await page.goto(`/#${route}`);
    await expect(page.getByText('Please log in to access this page')).toHaveCount(1);
    await expect(page).toHaveURL(/#\/login$/);
  });
}

// Every private page built so far, with its OWN heading: a page that fails to load, or "Page not
// found", fails the test. (A mission's own page and chat need a mission: tests/missions.spec.ts opens them.)
const privatePages: Array<[route: string, heading: string]> = [
  ['/offers', 'Offers'],
  ['/help-center', 'Help Center'],
  ['/settings', 'Settings & Privacy'],
  ['/network', 'My Network'],
  ['/settings/blocked', 'Blocked people'],
  ['/settings/muted', 'Muted people'],
  ['/privacy-settings', 'Privacy settings'],
  ['/settings/notifications', 'Notification settings'],
  ['/savedposts', 'Saved posts'],
  ['/notifications', 'Notifications'],
  ['/chats', 'Chats'],
  ['/hashtags', 'Hashtags'],
  ['/hunt', 'Hunts'],
  ['/journalist', 'Emergency board'],
  ['/collaboration/all', 'All Collaboration Opportunities'],
  ['/contact', 'Contact us'],
  ['/terms', 'Terms and Conditions'],
  ['/create-mission', 'Start a mission'],
  ['/followed-missions', 'Followed missions'],
  ['/partners', 'Partners'],
  ['/collaborators', 'Collaborators'],
  ['/tasks', 'Tasks'],
  ['/requests', 'Requests'],
];

test('a signed-in person may open every private page, each showing its own heading', async ({ page }) => {
  await signedUpAndIn(page, 'matrix');
  for (const [route, heading] of privatePages) {
    await page.goto(`/#${route}`);
    await expect(page, route).toHaveURL(new RegExp(`#${route}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), route).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' }), route).toHaveCount(0);
  }
  // The check can fail: a route with no page shows "Page not found", not a heading of its own.
  await page.goto('/#/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
