import { linkFromMail, newPerson, signedUpAndIn, signIn, signUp, verifyFromMail } from '../support/accounts';
import { expect, expectNoHorizontalOverflow, snap, test } from '../support/fixtures';

test.describe('accounts at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sign up, verify from the mail, use the shell and notifications, sign out and back in', async ({
    page,
  }) => {
    const person = newPerson('journey');
    await signUp(page, person);
    await snap(page, 'signup-check-inbox');
    // Signing in before opening the link leads to the page that waits for it.
    await signIn(page, person.email, person.password, /#\/verification-pending$/);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await snap(page, 'verification-pending');

    // The mailed link opens /verify-email-signup: verified, and the way into the app.
    await verifyFromMail(page, person);
    await expect(page.getByText('Email verified successfully!').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '#/settings',
    );
    await snap(page, 'verify-email-signup-success');
    await page.getByRole('link', { name: 'Go to your feed' }).click();
    await expect(page).toHaveURL(/#\/$/, { timeout: 8000 });

    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    for (const label of ['Home', 'Network', 'Offers', 'Missions', 'Alerts']) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(nav.getByTestId('badge-Unread alerts')).toHaveText(/: 1$/);
    await snap(page, 'home-shell');

    await nav.getByRole('button', { name: /Alerts/ }).click();
    const dropdown = page.getByRole('dialog');
    await expect(dropdown.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(dropdown.getByText(/Welcome to Muster!/)).toBeVisible();
    await expect(dropdown.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    await snap(page, 'notifications-dropdown');
    // Opening the dropdown marks everything read.
    await expect(nav.getByTestId('badge-Unread alerts')).toHaveCount(0);
    await dropdown.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/#\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Delete notification' }).first().click();
    await expect(page.getByText('No notifications yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`#/profile/${person.username}$`));
    await expect(page.getByRole('heading', { name: `${person.firstName} ${person.lastName}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Language' }).click();
    await expect(page.getByRole('dialog')).toContainText('English is the only supported language');
    await page.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Help Center' }).click();
    await page.getByLabel('Search help').fill('password');
    await expect(page.getByText('I forgot my password')).toBeVisible();
    await expect(page.getByText('Can I download my data?')).toHaveCount(0);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/#\/(login|muster)$/);
    await page.goto('/#/settings');
    await expect(page).toHaveURL(/#\/login$/);

    await signIn(page, person.username.toUpperCase(), person.password);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  });

  test('the verification link opened signed out asks to sign in, says why, and then finishes', async ({
    page,
  }) => {
    const person = newPerson('laterlink');
    await signUp(page, person);
    // Opened as it would be from the mail on another device: nobody is signed in here.
    const link = await linkFromMail(person.email, 'verify-email-signup');
    await page.goto(`/${link.hash}`);
    await expect(page).toHaveURL(/#\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Sign in to finish verifying your address' }),
    ).toBeVisible();
    await snap(page, 'login-to-finish-verifying');

    await page.getByLabel('Email or username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/#\/verify-email-signup\?token=/);
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
    await expect(page.getByText('Email verified successfully!').first()).toBeVisible();
    await page.getByRole('link', { name: 'Go to your feed' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('button', { name: 'Share your needs & wants with the world' })).toBeVisible();
  });

  test('a signed-in person is sent home from the landing, sign-in and sign-up pages', async ({ page }) => {
    await signedUpAndIn(page, 'rules');
    for (const route of ['/muster', '/login', '/signup']) {
      await page.goto(`/#${route}`);
      await expect(page, route).toHaveURL(/#\/$/);
    }
  });

  test('the sign-in page offers the demo account on the demo database', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByText('Exploring? Use the demo account')).toBeVisible();
    await page.getByRole('button', { name: 'Fill in the demo account' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('button', { name: 'Share your needs & wants with the world' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await snap(page, 'demo-home');
    await page.goto('/#/chats');
    await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Ada Okafor/ })).toBeVisible();
    await snap(page, 'demo-chats');

    // Message someone from their profile: the conversation opens with it.
    await page.goto('/#/profile/grace_mensah');
    await expect(page.getByRole('heading', { name: 'Grace Mensah' })).toBeVisible();
    await snap(page, 'profile');
    await page.getByRole('button', { name: 'Message' }).click();
    const hello = `Hello Grace, I can drive for the mobile clinic week (${Date.now()}).`;
    await page.getByRole('dialog').getByLabel('Message').fill(hello);
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/#\/chats\/[0-9a-f-]{36}$/);
    await expect(page.getByText(hello)).toBeVisible();
  });

  test('a bad verification link fails with the server message and a way back', async ({ page }) => {
    await signedUpAndIn(page, 'badlink');
    await page.goto('/#/verify-email?token=not-a-real-token');
    await expect(page.getByText('This verification link is invalid or has expired.').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sign Up' })).toHaveAttribute('href', '#/signup');
    await page.goto('/#/verify-email');
    await expect(page.getByText('Failed to verify email. The link may be expired.').first()).toBeVisible();
  });

  test('settings: change the profile and the email address through the mailed link', async ({ page }) => {
    const person = await signedUpAndIn(page, 'settings');
    await page.goto('/#/settings');
    await page.getByLabel('Headline').fill('Water logistics volunteer');
    await page.getByLabel('Location').fill('Accra, Ghana');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    const newEmail = `new.${person.email}`;
    await page.getByLabel('New email').fill(newEmail);
    await page.getByLabel('Current password').first().fill(person.password);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await snap(page, 'settings');

    const link = await linkFromMail(newEmail, 'verify-email-change');
    await page.goto(`/${link.hash}`);
    await expect(page.getByText('Email changed successfully!').first()).toBeVisible();
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await expect(page.getByRole('region', { name: 'Email' }).getByText(newEmail)).toBeVisible();
  });

  test('password reset from the sign-in page ends the old session', async ({ page, browser }) => {
    const person = await signedUpAndIn(page, 'reset');
    const other = await browser.newPage({ baseURL: process.env.MUSTER_BASE_URL });
    await other.goto('/#/login');
    await other.getByRole('link', { name: /forgot password/i }).click();
    await expect(other.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await other.getByLabel('Email', { exact: true }).fill(person.email);
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await expect(other.getByText(/If an account uses that email/)).toBeVisible();

    const link = await linkFromMail(person.email, 'reset-password');
    await other.goto(`/${link.hash}`);
    await other.getByLabel('New password').fill('a completely new passphrase');
    await other.getByRole('button', { name: 'Set new password' }).click();
    await expect(other).toHaveURL(/#\/login$/);
    await signIn(other, person.email, 'a completely new passphrase');

    // The first browser's session ended with the reset.
    await page.goto('/#/settings');
    await page.reload();
    await expect(page).toHaveURL(/#\/login$/);
    await other.close();
  });

  test('sign in with the identity provider', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.locator('input[name="login"]').fill('river');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('menu')).toContainText('River Song');
  });
});

test.describe('accounts at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the bottom bar: Home, Network, Offers, Chats and Alerts with its count', async ({ page }) => {
    await signedUpAndIn(page, 'mobile');
    const bar = page.getByRole('navigation', { name: 'Main' }).last();
    for (const label of ['Home', 'Network', 'Offers', 'Chats', 'Alerts'])
      await expect(bar.getByText(label, { exact: true })).toBeVisible();
    await expect(bar.getByTestId('badge-Unread alerts')).toHaveText(/: 1$/);
    await expectNoHorizontalOverflow(page);
    await snap(page, 'home-shell');
    await bar.getByText('Alerts', { exact: true }).click();
    await expect(page).toHaveURL(/#\/notifications$/);
    await snap(page, 'notifications');
    await page.goto('/#/settings');
    await expectNoHorizontalOverflow(page);
    await snap(page, 'settings');
    // The missions hub above the chats shows every chip whole (a sideways row cut them off).
    await page.goto('/#/chats');
    const hub = page.getByRole('navigation', { name: 'Missions' });
    await expect(hub.getByRole('link')).toHaveCount(6);
    for (const chip of await hub.getByRole('link').all()) await expect(chip).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalOverflow(page);
  });
});
