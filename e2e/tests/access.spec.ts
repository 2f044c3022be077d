import { expect, test } from '../support/fixtures';

// Spec §2 access rules for a signed-out visitor.
const publicRoutes = ['/muster', '/login', '/signup', '/contact', '/privacy', '/terms', '/about'];
const privateRoutes = [
  '/partners', '/collaborators', '/tasks', '/offers', '/network', '/followed-missions', '/help-center',
  '/settings', '/settings/muted', '/settings/blocked', '/privacy-settings', '/requests', '/savedposts',
  '/notifications', '/chats', '/chats/abc', '/chat/abc', '/search', '/search/all', '/search/needs',
  '/search/provisions', '/search/missions', '/hashtags', '/hashtag/relief', '/post/abc', '/profile/ada',
  '/create-mission', '/missions/abc', '/verification-pending', '/MobilePost/create',
  '/collaboration/emergency', '/collaboration/emergency/abc', '/collaboration/emergency/abc/edit',
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
