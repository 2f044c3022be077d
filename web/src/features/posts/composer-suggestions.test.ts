import { expect, it } from 'vitest';
import { hashtagSuggestions, insertToken, tokenAtCaret } from './composer-suggestions';

it('finds the @mention or #hashtag being typed at the caret', () => {
  expect(tokenAtCaret('Thanks @ad', 10)).toEqual({ kind: 'mention', query: 'ad', start: 7 });
  expect(tokenAtCaret('email me@home', 13)).toBeNull();
  expect(tokenAtCaret('Relief #flo', 11)).toEqual({ kind: 'hashtag', query: 'flo', start: 7 });
  expect(tokenAtCaret('plain text', 10)).toBeNull();
});

it('suggests historical hashtags by prefix, hiding those already in the text', () => {
  const historical = ['floodrelief', 'flotilla', 'food', 'transport'];
  expect(hashtagSuggestions(historical, 'fl', 'Help #flotilla #fl')).toEqual(['floodrelief']);
  expect(hashtagSuggestions(historical, '', 'x #')).toEqual(historical);
});

it('inserts the chosen token with a space and moves the caret after it', () => {
  expect(insertToken('Thanks @ad and more', 10, 7, '@ada_okafor')).toEqual({
    text: 'Thanks @ada_okafor  and more',
    caret: 19,
  });
});
