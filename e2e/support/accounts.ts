import { expect, type Page } from '@playwright/test';
import { waitForMail } from './fixtures';

let counter = 0;

/** A fresh identity for one journey. */
export function newPerson(prefix = 'e2e') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    username: `${prefix}_${tag}`.slice(0, 30),
    firstName: 'Robin',
    lastName: `Tester ${tag}`,
    email: `${prefix}.${tag}@example.org`,
    password: 'field-kit-relief-2026',
  };
}

export type Person = ReturnType<typeof newPerson>;

/** Signs up through the form and lands on /verification-pending. */
export async function signUp(page: Page, person: Person) {
  await page.goto('/#/signup');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: /join now|create account/i }).click();
  await expect(page).toHaveURL(/#\/verification-pending$/);
}

/** The link in the newest mail to `email` that points at `page` (e.g. verify-email). */
export async function linkFromMail(email: string, route: string) {
  const mail = await waitForMail((m) => m.to.includes(email) && (m.text ?? '').includes(`#/${route}?token=`));
  const link = new RegExp(`https?://\\S+#/${route}\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${route} link in the mail`);
  return new URL(link);
}

/** Opens the mailed verification link (same origin as the app under test). */
export async function verifyFromMail(page: Page, person: Person) {
  const link = await linkFromMail(person.email, 'verify-email');
  await page.goto(`/${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
}

export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
}

/**
 * A verified account, signed in on `page`, made through the real sign-up journey. Sign-up signs
 * in; after verifying, the page's redirect to /login sends a signed-in person home.
 */
export async function signedUpAndIn(page: Page, prefix = 'e2e') {
  const person = newPerson(prefix);
  await signUp(page, person);
  await verifyFromMail(page, person);
  await expect(page).toHaveURL(/#\/$/, { timeout: 8000 });
  return person;
}
