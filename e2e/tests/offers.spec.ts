import { expect, expectAccessible, test } from '../support/fixtures';
import { fullName, personIn, snapBoth } from '../support/people';

// Issue 13, end to end: a need meets an offer. A posts a need; B finds it and offers help; A sees
// the Offers badge, opens /offers (the badge clears), accepts — the chat opens with B's words —
// and marks the need fulfilled crediting B, which the card then says to everyone.

test('B offers help on A’s need; A accepts into a chat and marks the need fulfilled crediting B', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await personIn(browser, 'needer');
  const b = await personIn(browser, 'offerer');
  const title = `Generator for the clinic ${Date.now().toString(36)}`;

  // A shares a need.
  await a.page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const composer = a.page.getByRole('dialog', { name: 'Create a post' });
  await composer.getByText('Need', { exact: true }).click();
  await composer.getByLabel('Category').fill('Power');
  await composer.getByLabel('Title (optional)').fill(title);
  await composer
    .getByLabel('Text')
    .fill(
      'The clinic lost power in the storm. A 5 kVA generator for three days would keep the vaccine fridge cold.',
    );
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(a.page.getByText('Post created successfully')).toBeVisible();
  const aCard = a.page.getByRole('article').filter({ hasText: title });
  await expect(aCard).toBeVisible();
  // One's own need has no Offer help.
  await expect(aCard.getByRole('button', { name: 'Offer help' })).toHaveCount(0);
  await aCard.getByRole('link', { name: /ago$/ }).click();
  await expect(a.page).toHaveURL(/#\/post\/[0-9a-f-]{36}$/);
  const postUrl = new URL(a.page.url()).hash.slice(1);

  // B, a stranger, sees it at the top of their home as a recent public post, and offers help.
  await b.page.reload();
  const bCard = b.page.getByRole('article').filter({ hasText: title });
  await expect(bCard).toBeVisible();
  await expect(bCard.getByText('Recent on Muster')).toBeVisible();
  await bCard.getByRole('button', { name: 'Offer help' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Offer help' });
  // The message starts as a friendly line quoting the need.
  await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(`I saw your post “${title}”`));
  await dialog
    .getByLabel('Message')
    .fill('I have a 6 kVA generator and a van. I can bring it tonight and stay to set it up.');
  await dialog.getByLabel(/What you can give/).fill('6 kVA generator, 40 l of diesel');
  await dialog.getByLabel(/When/).fill('Tonight, from 19:00');
  await expectAccessible(b.page);
  await snapBoth(b.page, 'offer-help-dialog');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(b.page.getByText('Offer sent')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(bCard.getByText('1 offer', { exact: true })).toBeVisible();
  // Offered once: the card says so instead of offering a second form.
  await expect(bCard.getByRole('button', { name: 'Offer help' })).toHaveCount(0);
  await expect(bCard.getByRole('link', { name: 'Offered' })).toBeVisible();

  // A's Offers badge shows it; opening /offers clears it.
  await a.page.goto('/#/');
  await expect(a.page.getByTestId('badge-Unread offers').first()).toContainText('1');
  await a.page
    .getByRole('link', { name: /Offers/ })
    .first()
    .click();
  await expect(a.page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(a.page.getByRole('tab', { name: 'Received' })).toHaveAttribute('aria-selected', 'true');
  const row = a.page.getByRole('listitem').filter({ hasText: fullName(b.person) });
  await expect(row).toContainText('I have a 6 kVA generator and a van.');
  await expect(row).toContainText('6 kVA generator, 40 l of diesel');
  await expect(row).toContainText('Pending');
  await expect(a.page.getByTestId('badge-Unread offers')).toHaveCount(0);
  await expectAccessible(a.page);
  await snapBoth(a.page, 'offers-received');

  // A accepts: the chat with B opens, B's offer its first message.
  await row.getByRole('button', { name: 'Accept' }).click();
  const accept = a.page.getByRole('dialog', { name: 'Accept this offer?' });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(a.page).toHaveURL(/#\/chats\/[0-9a-f-]{36}$/);
  await expect(a.page.getByText('I have a 6 kVA generator and a van.')).toBeVisible();
  await expect(a.page.getByText('I can give: 6 kVA generator, 40 l of diesel')).toBeVisible();
  // The chat links back to the need it is about (decision 052), for both of them.
  const about = a.page.getByRole('region', { name: 'What this chat is about' });
  await expect(about).toHaveText(`About: ${title}`);
  await expect(about.getByRole('link', { name: title })).toHaveAttribute('href', `#${postUrl}`);
  await snapBoth(a.page, 'offer-accepted-chat');
  const chatUrl = new URL(a.page.url()).hash;
  await b.page.goto(`/${chatUrl}`);
  await b.page
    .getByRole('region', { name: 'What this chat is about' })
    .getByRole('link', { name: title })
    .click();
  await expect(b.page).toHaveURL(new RegExp(`#${postUrl}$`));
  await expect(b.page.getByRole('article').filter({ hasText: title })).toBeVisible();

  // B sees the offer accepted under Made.
  await b.page.goto('/#/offers');
  await b.page.getByRole('tab', { name: 'Made' }).click();
  await expect(b.page.getByRole('listitem').filter({ hasText: title })).toContainText('Accepted');
  await snapBoth(b.page, 'offers-made');

  // A marks the need fulfilled, crediting B; the card says so, to A and to B.
  await a.page.goto(`/#${postUrl}`);
  const card = a.page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Offered by')).toBeVisible();
  await card.getByRole('button', { name: 'Mark fulfilled' }).click();
  const fulfil = a.page.getByRole('dialog', { name: 'Mark fulfilled' });
  await fulfil.getByLabel(fullName(b.person)).check();
  await fulfil.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(a.page.getByText('Marked as fulfilled')).toBeVisible();
  await expect(card.getByText(`Fulfilled with help from ${fullName(b.person)}`)).toBeVisible();
  await snapBoth(a.page, 'need-fulfilled');
  await b.page.goto(`/#${postUrl}`);
  const theirs = b.page.getByRole('article').filter({ hasText: title });
  await expect(theirs.getByText(`Fulfilled with help from ${fullName(b.person)}`)).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Offer help' })).toHaveCount(0);

  await a.close();
  await b.close();
});
