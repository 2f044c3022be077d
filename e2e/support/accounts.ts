import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
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

/**
 * Signs up through the form: the page says to check the inbox, and nobody is signed in
 * (decision 011). Returns once the verification mail has come, so the account exists.
 */
export async function signUp(page: Page, person: Person) {
  await page.goto('/#/signup');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: /join now|create account/i }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We sent a mail to ${person.email}.`)).toBeVisible();
  await linkFromMail(person.email, 'verify-email-signup');
}

/** The link in the newest mail to `email` that points at `page` (e.g. verify-email). */
export async function linkFromMail(email: string, route: string) {
  const mail = await waitForMail((m) => m.to.includes(email) && (m.text ?? '').includes(`#/${route}?token=`));
  const link = new RegExp(`https?://\\S+#/${route}\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${route} link in the mail`);
  return new URL(link);
}

/** Opens the mailed verification link (same origin as the app under test): /verify-email-signup (decision 024). */
export async function verifyFromMail(page: Page, person: Person) {
  const link = await linkFromMail(person.email, 'verify-email-signup');
  await page.goto(`/${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
}

/** Signs in through the form; an account whose address is not verified yet lands on /verification-pending. */
export async function signIn(page: Page, login: string, password: string, landsOn = /#\/$/) {
  await page.goto('/#/login');
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(landsOn);
}

/** The real sign-up journey: sign up, sign in (the page that waits for the link), open the mailed link. */
async function verifiedAndSignedIn(page: Page, person: Person) {
  await signUp(page, person);
  await signIn(page, person.username, person.password, /#\/verification-pending$/);
  await verifyFromMail(page, person);
}

/**
 * A verified account, signed in on `page`, made through the real sign-up journey, gone from the
 * verified page to the feed.
 */
export async function signedUpAndIn(page: Page, prefix = 'e2e') {
  const person = newPerson(prefix);
  await verifiedAndSignedIn(page, person);
  await page.getByRole('link', { name: 'Go to your feed' }).click();
  await expect(page).toHaveURL(/#\/$/, { timeout: 8000 });
  return person;
}

/** A verified person with a name a screenshot or a mail can show, signed in in a browser context of their own. */
export type Someone = {
  page: Page;
  context: BrowserContext;
  id: string;
  username: string;
  name: string;
  email: string;
  close: () => Promise<void>;
};

/**
 * Someone for a journey between several people (a mail's sender and its recipient): their own
 * context at 1280 px, on the shared server or on `baseURL` (a spec's server of its own).
 */
export async function someone(
  browser: Browser,
  prefix: string,
  names: { firstName: string; lastName: string },
  baseURL = process.env.MUSTER_BASE_URL,
): Promise<Someone> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = { ...newPerson(prefix), ...names };
  await verifiedAndSignedIn(page, person);
  const me = (await (await context.request.get('/api/v1/auth/me')).json()) as { data: { _id: string } };
  return {
    page,
    context,
    id: me.data._id,
    username: person.username,
    name: `${names.firstName} ${names.lastName}`,
    email: person.email,
    close: () => context.close(),
  };
}

/**
 * An API call as them (their context's session cookie, whether or not a tab is open) that must
 * answer `status` (a message that becomes a chat request answers 202); answers the body's `data`.
 */
export async function asThem<T = Record<string, unknown>>(
  who: Someone,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
  status = 200,
): Promise<T> {
  const res = await who.context.request[method](`/api/v1${url}`, data ? { data } : {});
  expect(res.status(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBe(status);
  return ((await res.json()) as { data: T }).data;
}
