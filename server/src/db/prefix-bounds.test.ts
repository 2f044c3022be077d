import { describe, expect, it } from 'vitest';
import { prefixBounds } from './prefix-bounds.js';

// The strings starting with a prefix, as people search and @mentions ask an index for them.
describe('prefixBounds', () => {
  it('is the range from the prefix up to the prefix with its last character one higher', () => {
    expect(prefixBounds('ann')).toEqual({ from: 'ann', to: 'ano' });
    expect(prefixBounds('zoë')).toEqual({ from: 'zoë', to: 'zoì' });
  });

  it('steps over the surrogates, which no text holds', () => {
    expect(prefixBounds('a\uD7FF')).toEqual({ from: 'a\uD7FF', to: 'a\uE000' });
  });

  it('counts a character outside the basic plane as one', () => {
    expect(prefixBounds('a😀')).toEqual({ from: 'a😀', to: 'a😁' });
  });

  it('falls back to a like, its wildcards escaped, when the last character is the highest there is', () => {
    expect(prefixBounds('a_%\\\u{10FFFF}')).toEqual({ like: 'a\\_\\%\\\\\u{10FFFF}%' });
  });
});
