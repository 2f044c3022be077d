import { expect, snap, test, waitForMail } from '../support/fixtures';

test('a visitor sends a message; it arrives at the team inbox and the form clears', async ({ page }) => {
  await page.goto('/#/contact');
  await expect(page.getByRole('main')).toContainText('24 hours');
  const unique = `Flood relief partnership ${Date.now()}`;

  await page.getByLabel('Name').fill('Grace Mensah');
  await page.getByLabel('Email').fill('grace@example.org');
  await page.getByLabel('Subject').selectOption('partnership');
  await page.getByLabel('Message').fill(unique);

  // Hold the request so the in-flight state can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/email/contact', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  await expect(page.getByText("Thanks for your message! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  const mail = await waitForMail((m) => m.text?.includes(unique) ?? false);
  expect(mail.to).toEqual(['team@muster.test']);
  expect(mail.replyTo).toBe('grace@example.org');
  expect(mail.subject).toContain('Partnership');
  await snap(page, 'contact-sent');
});

test('an empty form is not sent', async ({ page }) => {
  let sent = false;
  await page.route('**/api/v1/email/contact', (route) => {
    sent = true;
    return route.continue();
  });
  await page.goto('/#/contact');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByLabel('Name')).toBeFocused();
  expect(sent).toBe(false);
});

test('a failure shows the error and keeps what was typed', async ({ page }) => {
  await page.route('**/api/v1/email/contact', (route) => route.abort('failed'));
  await page.goto('/#/contact');
  await page.getByLabel('Name').fill('Grace Mensah');
  await page.getByLabel('Email').fill('grace@example.org');
  await page.getByLabel('Subject').selectOption('support');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(
    page.getByText('Oops! There was an error sending your message. Please try again.'),
  ).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Hello');
});
