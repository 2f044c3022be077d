import { describe, expect, it, vi } from 'vitest';

// Importing boot.ts starts the session check: answer it as the server answers a visitor (no one,
// decision 052), so nothing more loads.
vi.stubGlobal(
  'fetch',
  vi.fn(async () => new Response(JSON.stringify({ data: null }), { status: 200 })),
);
const { opensHome } = await import('./boot');

describe('boot: loading the shell early', () => {
  it('loads it for a verified person on home', () => {
    for (const hash of ['', '#', '#/', '#/?tab=all'])
      expect(opensHome({ emailVerified: true }, hash)).toBe(true);
  });

  it('does not on other pages, nor for a person whose email is not verified', () => {
    for (const hash of ['#/muster', '#/network', '#/post/1', '#/login'])
      expect(opensHome({ emailVerified: true }, hash)).toBe(false);
    expect(opensHome({ emailVerified: false }, '#/')).toBe(false);
  });
});
