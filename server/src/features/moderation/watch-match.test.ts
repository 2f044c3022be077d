import {
  asksForMoney,
  hasLink,
  hostsIn,
  normalizeWatched,
  watchedMatches,
} from '@muster/contract/moderation-watch';
import { describe, expect, it } from 'vitest';

/** The contract's pure readings of a text (decision 072), which the posts and moderation features share. */
describe('watchedMatches', () => {
  const list = [
    { kind: 'word' as const, value: 'fire' },
    { kind: 'word' as const, value: 'wire the fee' },
    { kind: 'word' as const, value: 'baha' },
    { kind: 'domain' as const, value: 'scam.example' },
  ];
  const values = (text: string) => watchedMatches(text, list).map((e) => e.value);

  it('matches words whole, in any case, with any script’s letters as word characters', () => {
    expect(values('Fire!')).toEqual(['fire']);
    expect(values('firewood, bonfire, fire-fighters')).toEqual(['fire']); // "fire-" is a whole word
    expect(values('firewood and bonfires')).toEqual([]);
    expect(values('Please WIRE   the\nfee today')).toEqual(['wire the fee']);
    expect(values('bahay at baha')).toEqual(['baha']);
    expect(values('bahay')).toEqual([]);
    expect(values('éfire')).toEqual([]);
  });

  it('matches a domain and its subdomains, linked or bare, and no look-alike', () => {
    expect(values('https://scam.example')).toEqual(['scam.example']);
    expect(values('go to Give.Scam.Example/relief now')).toEqual(['scam.example']);
    expect(values('https://notscam.example https://scam.example.org scam-example.com')).toEqual([]);
  });

  it('keeps entries as they are matched', () => {
    expect(normalizeWatched({ kind: 'domain', value: ' HTTPS://www.Scam.Example:8443/x?y#z ' })).toBe(
      'scam.example',
    );
    expect(normalizeWatched({ kind: 'word', value: '  Wire   The FEE ' })).toBe('wire the fee');
  });
});

describe('links and money', () => {
  it('finds hosts and links', () => {
    expect(hostsIn('a https://www.a.example/x, b.example and e.g. this.')).toEqual([
      'a.example',
      'b.example',
    ]);
    expect(hasLink('see https://a.example')).toBe(true);
    expect(hasLink('see www.a.example')).toBe(true);
    expect(hasLink('see a.example or e.g. the depot')).toBe(false);
  });

  it('asks for money by its channels and payment sites, not by giving things', () => {
    for (const text of [
      'Send money to the shelter',
      'GCash 0917 123 4567',
      'paypal.me/relief',
      'https://www.gofundme.com/f/x',
      'pay at give.ko-fi.com/x',
      'Bank transfer only',
    ])
      expect(asksForMoney(text), text).toBe(true);
    for (const text of [
      'Tents to donate',
      'Blood donation drive at the clinic',
      'Send 50 dollars to this wallet', // a scam, but not in the words: a report's to catch
      'paypalish',
      'https://notpaypal.me.example',
    ])
      expect(asksForMoney(text), text).toBe(false);
  });
});
