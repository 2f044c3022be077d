import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, signedOut, stubApi } from '../test/render';

describe('Skip to content', () => {
  it.each([
    ['a public page', '/terms', signedOut],
    ['the signed-in shell', '/notifications', signedIn()],
  ])('on %s moves focus to the main content and leaves the address alone', async (_name, path, handler) => {
    stubApi(handler);
    const router = renderApp(path);
    const skip = await screen.findByRole('link', { name: 'Skip to content' }, { timeout: 20_000 });
    const before = window.location.hash;
    await userEvent.click(skip);
    expect(document.activeElement).toBe(document.getElementById('main'));
    // Under the hash router, following "#main" would be the route /main: a Page not found.
    expect(window.location.hash).toBe(before);
    expect(router.state.location.pathname).toBe(path);
  });
});
