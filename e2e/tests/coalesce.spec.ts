import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';
import { fullName, personIn, snapBoth } from '../support/people';

// Issue 34 items 3 and 4, end to end: two likes on a post are one line in its author's list,
// "… and 1 other liked your post", which opens the post; a mention is told to whom it names.

/** A call to the API from the page, as its own scripts make them (same origin, its session). */
async function call(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(`/api/v1${url}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        json: (await res.json().catch(() => null)) as { data?: { _id?: string } },
      };
    },
    { method, url, body },
  );
}

test('two likes are one notice naming the latest liker, and a mention reaches whom it names', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const author = await personIn(browser, 'author');
  const first = await personIn(browser, 'fan');
  const latest = await personIn(browser, 'latest');

  const made = await call(author.page, 'POST', '/posts/create', {
    content: `Sandbags are at the church hall, @${first.person.username} can you bring the van?`,
  });
  expect(made.status).toBe(200);
  const postId = made.json.data!._id!;
  expect((await call(first.page, 'POST', `/posts/${postId}/like`)).status).toBe(200);
  expect((await call(latest.page, 'POST', `/posts/${postId}/like`)).status).toBe(200);

  await author.page.goto('/#/notifications');
  const notice = author.page.getByRole('button', {
    name: new RegExp(`${fullName(latest.person)} and 1 other liked your post`),
  });
  await expect(notice).toBeVisible();
  // One line for the post, not one per like.
  await expect(author.page.getByText(/liked your post/)).toHaveCount(1);
  await expectAccessible(author.page);
  await snapBoth(author.page, 'notifications-coalesced-like');
  await notice.click();
  await expect(author.page).toHaveURL(new RegExp(`#/post/${postId}$`));

  await first.page.goto('/#/notifications');
  const mention = first.page.getByRole('button', {
    name: new RegExp(`${fullName(author.person)} mentioned you in a post: Sandbags are at the church hall`),
  });
  await expect(mention).toBeVisible();
  await snapBoth(first.page, 'notifications-mention');
  await mention.click();
  await expect(first.page).toHaveURL(new RegExp(`#/post/${postId}$`));

  await Promise.all([author.close(), first.close(), latest.close()]);
});
