import type { Post } from '@muster/contract/posts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { Providers } from '../app/providers';
import { routes } from '../app/router';

type Answer = { status: number; body?: unknown } | undefined;
type Handler = (url: string, init?: RequestInit) => Answer | Promise<Answer>;

/**
 * Stubs the browser's fetch — the boundary between the web app and the server — with answers
 * per path; anything unanswered is a 404 in the server's envelope.
 */
export function stubApi(handler: Handler) {
  const calls: Array<{ url: string; method: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = (await handler(url, init)) ?? {
        status: 404,
        body: { message: 'Not found', code: 'NOT_FOUND' },
      };
      // No body at all when there is none: a 204 may not carry even an empty one.
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The whole app at `path`, with its real routes, guards and providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A visitor: the server answers no one (decision 052), and the sign-in page's providers. */
export const signedOut: Handler = (url) => {
  if (url.endsWith('/auth/me')) return { status: 200, body: { data: null } };
  if (url.endsWith('/auth/providers')) return { status: 200, body: { data: { oidc: null, demo: null } } };
  return undefined;
};

export const userFixture = {
  _id: '01a20000-0000-7000-8000-000000000001',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  headline: 'Logistics',
  profilePicture: '/avatar.png',
  bio: '',
  location: '',
  email: 'ada@example.org',
  emailVerified: true,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'member' as 'member' | 'moderator' | 'admin',
};

/** A signed-in person with nothing yet: every shell count answers its real, empty shape. */
export const signedIn =
  (user = userFixture): Handler =>
  (url) => {
    if (url.endsWith('/auth/me')) return { status: 200, body: { data: user } };
    if (url.endsWith('/notifications/offer-counts'))
      return { status: 200, body: { data: { new: 0, mission: 0 } } };
    return { status: 200, body: { data: [], meta: { nextCursor: null } } };
  };

/** A fetch that never answers: the app stays in its loading states. */
export function stubPendingApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}

/** A post in the contract's shape: an open need by nobody in particular, changed by `over`. */
export function postFixture(over: Partial<Post> = {}): Post {
  return {
    _id: '01a20000-0000-7000-8000-0000000000f1',
    kind: 'need',
    author: {
      _id: '01a20000-0000-7000-8000-0000000000f2',
      username: 'maria',
      firstName: 'Maria',
      lastName: 'Santos',
      headline: 'Nurse',
      profilePicture: '/avatar.png',
    },
    title: '',
    content: 'Insulin needed for my father',
    category: 'Medicine',
    status: 'open',
    expiresAt: null,
    huntType: null,
    image: null,
    video: null,
    file: null,
    review: null,
    mapLocation: null,
    mission: null,
    emergencyEmoji: null,
    linkPreview: null,
    hashtags: [],
    likeCount: 0,
    commentCount: 0,
    boostCount: 0,
    likedByMe: false,
    savedByMe: false,
    offerCount: 0,
    offeredBy: [],
    helpers: [],
    hiddenReason: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...over,
  };
}

/** A window `px` wide, as the media queries see it (jsdom has no layout), for the rest of the test. */
export function windowWidth(px: number) {
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity);
    return {
      matches: px >= min,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    } as unknown as MediaQueryList;
  });
  onTestFinished(() => spy.mockRestore());
}
