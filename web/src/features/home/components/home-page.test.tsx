import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture, windowWidth } from '../../../test/render';

const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `tag${i + 1}`, count: 10 - i }));
const everyTag = (n: number) =>
  tags(n).map((t) => ({ name: t.name, postCount: t.count, needCount: 0, provisionCount: 0 }));

/** Home with my profile's counts and the trending lists; `trending` is how many hashtags are trending in all. */
function api({ trending = 6, connections = 7 }: { trending?: number; connections?: number } = {}) {
  return stubApi((url) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    if (path === '/users/profile/ada') {
      return {
        status: 200,
        body: {
          data: {
            ...userFixture,
            isMe: true,
            connectionCount: connections,
            mutualCount: 0,
            connection: 'none',
            connectionRequestId: null,
            muted: false,
            limited: false,
            connectionsVisible: true,
          },
        },
      };
    }
    // The panel's own list stops at 5, as the server's does.
    if (path === '/hashtags/trending') return { status: 200, body: { data: tags(Math.min(trending, 5)) } };
    if (path === '/posts/trending-hashtags') return { status: 200, body: { data: everyTag(trending) } };
    return signedIn()(url);
  });
}

describe('home left column', () => {
  it('shows my card with the connection count and links to saved posts, my missions and followed missions', async () => {
    windowWidth(800);
    api();
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Your profile' }, { timeout: 20_000 });
    expect(within(card).getByRole('link', { name: 'Ada Okafor' })).toHaveAttribute('href', '/profile/ada');
    expect(within(card).getByText('Logistics')).toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: '7 connections' })).toHaveAttribute(
      'href',
      '/profile/ada?tab=connections',
    );
    expect(within(card).getByRole('link', { name: 'Saved posts' })).toHaveAttribute('href', '/savedposts');
    expect(within(card).getByRole('link', { name: 'My missions' })).toHaveAttribute(
      'href',
      '/profile/ada?tab=missions',
    );
    expect(screen.getByRole('link', { name: 'Followed missions' })).toHaveAttribute(
      'href',
      '/followed-missions',
    );
  });

  it('offers to find people when I have no connections yet', async () => {
    windowWidth(800);
    api({ connections: 0 });
    renderApp('/');
    expect(
      await screen.findByRole('link', { name: 'Find people to connect with' }, { timeout: 20_000 }),
    ).toHaveAttribute('href', '/network');
  });
});

describe('trending hashtags on home', () => {
  it('shows the panel above the feed on small screens, with View all hashtags when more than 5 trend', async () => {
    api({ trending: 6 });
    renderApp('/');
    // Below 1024 px only the centre column's panel is rendered (the right column is not shown).
    const inline = await screen.findByRole('region', { name: 'Trending Hashtags' }, { timeout: 20_000 });
    expect(inline.closest('.lg\\:hidden')).not.toBeNull();
    expect(await within(inline).findByRole('link', { name: 'View all hashtags' })).toHaveAttribute(
      'href',
      '/hashtags',
    );
    expect(within(inline).getAllByRole('link', { name: /^#tag/ })).toHaveLength(5);
    expect(screen.getAllByRole('region', { name: 'Trending Hashtags' })).toHaveLength(1);
  });

  it('shows the panel in the right column on a wide screen, with See all', async () => {
    windowWidth(1280);
    api({ trending: 6 });
    renderApp('/');
    const aside = await screen.findByRole('region', { name: 'Trending Hashtags' }, { timeout: 20_000 });
    expect(aside.closest('.lg\\:hidden')).toBeNull();
    expect(within(aside).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/hashtags');
    expect(within(aside).queryByRole('link', { name: 'View all hashtags' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Trending Hashtags' })).toHaveLength(1);
  });

  // Spec §2 and §Layout: 'View all hashtags' is for the small screen, under 768 px. Between 768 and
  // 1023 px the panel still sits above the feed (no right column yet), with See all as its link.
  it.each([375, 767])('shows View all hashtags at %i px, the spec small screen', async (px) => {
    windowWidth(px);
    api({ trending: 6 });
    renderApp('/');
    const inline = await screen.findByRole('region', { name: 'Trending Hashtags' }, { timeout: 20_000 });
    expect(await within(inline).findByRole('link', { name: 'View all hashtags' })).toBeInTheDocument();
  });

  it.each([768, 800, 1023])('has no View all hashtags at %i px, above the spec small screen', async (px) => {
    windowWidth(px);
    const calls = api({ trending: 6 });
    renderApp('/');
    const inline = await screen.findByRole('region', { name: 'Trending Hashtags' }, { timeout: 20_000 });
    await vi.waitFor(() => expect(within(inline).getAllByRole('link', { name: /^#tag/ })).toHaveLength(5), {
      timeout: 20_000,
    });
    expect(within(inline).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/hashtags');
    expect(within(inline).queryByRole('link', { name: 'View all hashtags' })).not.toBeInTheDocument();
    // Nor is the full list asked for only to decide a link that is not shown.
    expect(calls.some((c) => c.url.endsWith('/posts/trending-hashtags'))).toBe(false);
  });

  it('has no View all hashtags link when 5 or fewer trend', async () => {
    const calls = api({ trending: 5 });
    renderApp('/');
    await vi.waitFor(() => expect(screen.getAllByRole('link', { name: '#tag5 6 posts' })).toHaveLength(1), {
      timeout: 20_000,
    });
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/posts/trending-hashtags'))).toBe(true), {
      timeout: 20_000,
    });
    expect(screen.queryByRole('link', { name: 'View all hashtags' })).not.toBeInTheDocument();
  });

  it('does not ask for the full list on a wide screen', async () => {
    const wide = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(min-width: 1024px)',
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    try {
      const calls = api({ trending: 6 });
      renderApp('/');
      await vi.waitFor(() => expect(screen.getAllByRole('link', { name: /^#tag1/ })).toHaveLength(1), {
        timeout: 20_000,
      });
      expect(calls.some((c) => c.url.endsWith('/posts/trending-hashtags'))).toBe(false);
      expect(screen.queryByRole('link', { name: 'View all hashtags' })).not.toBeInTheDocument();
    } finally {
      wide.mockRestore();
    }
  });
});
