import {
  createPostSchema,
  REVIEW_SUBJECT_MAX,
  REVIEW_TITLE_MAX,
  reviewSchema,
  reviewTitle,
} from '@muster/contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

// Decision 056: the composer's limits are the contract's, never copies. Its review box stopped at
// 150 characters where the server takes a 200-character title ("My review of …"); it checks what
// it sends with the server's createPostSchema, and says the server's refusals on the same fields.

const path = (url: string) => url.replace(/^.*\/api\/v1/, '');

function api(answer?: { status: number; body: unknown }) {
  return stubApi((url, init) => {
    if (init?.method === 'POST' && path(url) === '/posts/create') {
      if (answer) return answer;
      const body = JSON.parse(String(init.body));
      return {
        status: 200,
        body: { data: postFixture({ author: { ...userFixture }, content: body.content, kind: body.kind }) },
      };
    }
    return signedIn()(url);
  });
}

async function openComposer() {
  renderApp('/');
  await userEvent.click(
    await screen.findByRole(
      'button',
      { name: 'Share your needs & wants with the world' },
      { timeout: 20_000 },
    ),
  );
  return screen.findByRole('dialog', { name: 'Create a post' }, { timeout: 20_000 });
}

beforeEach(() => localStorage.clear());

describe("the composer's limits", () => {
  it("takes a review subject as long as the server's review title allows, and not a character more", async () => {
    const calls = api();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText('Text'), 'The depot on Main Street');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const subject = within(dialog).getByLabelText('What are you reviewing?');
    await userEvent.click(subject);
    await userEvent.paste('d'.repeat(REVIEW_SUBJECT_MAX + 20));
    expect(subject).toHaveValue('d'.repeat(REVIEW_SUBJECT_MAX));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as { review: { title: string } };
    // The longest subject the box takes makes the longest title the server takes…
    expect(sent.review.title).toBe(reviewTitle('d'.repeat(REVIEW_SUBJECT_MAX)));
    expect(sent.review.title).toHaveLength(REVIEW_TITLE_MAX);
    expect(createPostSchema.safeParse(sent).success).toBe(true);
    // …and one more character would be refused.
    expect(
      reviewSchema.safeParse({ rating: 5, title: reviewTitle('d'.repeat(REVIEW_SUBJECT_MAX + 1)) }).success,
    ).toBe(false);
  });

  it('says a missing category under Category, with the schema’s words, and sends nothing', async () => {
    const calls = api();
    const dialog = await openComposer();
    await userEvent.click(within(dialog).getByText('Offer'));
    await userEvent.type(within(dialog).getByLabelText('Text'), 'Two vans free on Sunday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));

    const category = within(dialog).getByLabelText('Category');
    expect(within(dialog).getByText('Choose a category')).toHaveAttribute(
      'id',
      category.getAttribute('aria-describedby'),
    );
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(category).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("says the server's refusal of the review in the review, and keeps what was typed", async () => {
    api({
      status: 400,
      body: {
        message: "A review's title is at most 200 characters",
        code: 'VALIDATION_FAILED',
        details: [{ path: 'review.title', message: "A review's title is at most 200 characters" }],
      },
    });
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText('Text'), 'The depot on Main Street');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await userEvent.type(within(dialog).getByLabelText('What are you reviewing?'), 'the depot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));

    const review = within(dialog).getByRole('group', { name: 'Review' });
    await waitFor(() =>
      expect(within(review).getByText("A review's title is at most 200 characters")).toBeInTheDocument(),
    );
    expect(within(dialog).getByLabelText('What are you reviewing?')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('What are you reviewing?')).toHaveValue('the depot');
    expect(within(dialog).getByLabelText('Text')).toHaveValue('The depot on Main Street');
  });
});
