import { extractMentions } from '@muster/contract/mentions';
import { describe, expect, it } from 'vitest';

describe('extractMentions (issue 34)', () => {
  it('finds each username once, folded, in the order named', () => {
    expect(extractMentions('@Ana_R and @kofi, thanks @ana_r! (@ben_9)')).toEqual(['ana_r', 'kofi', 'ben_9']);
  });

  it('names nobody inside a word or an address, nor a run no username can be', () => {
    expect(extractMentions('mail me@home.org or ana@example.org')).toEqual([]);
    expect(extractMentions('@ab is too short, @@kofi is not one')).toEqual([]);
    expect(extractMentions(`@${'a'.repeat(31)} is too long`)).toEqual([]);
    expect(extractMentions(`@${'a'.repeat(30)}.`)).toEqual(['a'.repeat(30)]);
  });

  it('stops at ten', () => {
    const text = Array.from({ length: 12 }, (_, i) => `@person_${i}`).join(' ');
    expect(extractMentions(text)).toEqual(Array.from({ length: 10 }, (_, i) => `person_${i}`));
  });
});
