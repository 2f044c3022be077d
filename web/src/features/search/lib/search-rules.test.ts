import { extractSearchHashtags, RECENT_PROFILES_KEY, SEARCH_HISTORY_KEY } from '@muster/contract/search';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSearchHistory,
  hasMoreThanPreview,
  markMatches,
  peopleLabel,
  readRecentProfiles,
  readSearchHistory,
  saveRecentProfile,
  saveSearch,
} from './search-rules';

const person = (n: number, username = `user${n}`) => ({
  _id: `id-${n}`,
  username,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  headline: '',
  profilePicture: '/a.png',
});

describe('search rules', () => {
  beforeEach(() => localStorage.clear());

  it('keeps 7 searches, most recent first, without duplicates, under the contract key', () => {
    for (let i = 1; i <= 9; i++) saveSearch(`q${i}`);
    saveSearch('q5');
    saveSearch('   ');
    expect(readSearchHistory()).toEqual(['q5', 'q9', 'q8', 'q7', 'q6', 'q4', 'q3']);
    expect(JSON.parse(localStorage.getItem('searchHistory')!)).toHaveLength(7);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
  });

  it('keeps 5 recent profiles, only with a username, with the spec §3 fields', () => {
    for (let i = 1; i <= 7; i++) saveRecentProfile(person(i));
    saveRecentProfile(person(8, ''));
    saveRecentProfile(person(6));
    const recents = readRecentProfiles();
    expect(recents.map((p) => p.username)).toEqual(['user6', 'user7', 'user5', 'user4', 'user3']);
    expect(Object.keys(recents[0]!).sort()).toEqual([
      '_id',
      'firstName',
      'headline',
      'lastName',
      'profilePicture',
      'username',
    ]);
    expect(localStorage.getItem('recentProfiles')).not.toContain('id-8');
  });

  it('removes stored data that is not JSON, or not JSON of the right shape', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    localStorage.setItem(RECENT_PROFILES_KEY, '[{"_id": 1}]');
    expect(readSearchHistory()).toEqual([]);
    expect(readRecentProfiles()).toEqual([]);
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
    expect(localStorage.getItem(RECENT_PROFILES_KEY)).toBeNull();
    localStorage.setItem(SEARCH_HISTORY_KEY, '"just a string"');
    expect(readSearchHistory()).toEqual([]);
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it("extracts '#' words longer than one character, without the '#'", () => {
    expect(extractSearchHashtags('flood relief')).toEqual([]);
    expect(extractSearchHashtags('#flood help # #x a#b')).toEqual(['flood', 'x']);
  });

  it("shows 'View All' above the preview: users above 4, the others above 2", () => {
    expect(hasMoreThanPreview('users', 4)).toBe(false);
    expect(hasMoreThanPreview('users', 5)).toBe(true);
    for (const s of ['needs', 'provisions', 'missions', 'hashtags'] as const) {
      expect(hasMoreThanPreview(s, 2)).toBe(false);
      expect(hasMoreThanPreview(s, 3)).toBe(true);
    }
  });

  it("labels a category 'N people', with '+N' past 3 users", () => {
    expect(peopleLabel({ users: [person(1), person(2), person(3)] })).toEqual({
      text: '3 people',
      overflow: null,
    });
    expect(peopleLabel({ users: [1, 2, 3, 4, 5].map((i) => person(i)) })).toEqual({
      text: '5 people',
      overflow: '+2',
    });
  });

  it('marks the title words a query word starts or that start a longer query word', () => {
    const marked = (title: string, query: string) =>
      markMatches(title, query)
        .filter((p) => p.match)
        .map((p) => p.text);
    expect(markMatches('A generator for the desk', 'generator')).toEqual([
      { text: 'A ', match: false },
      { text: 'generator', match: true },
      { text: ' for the desk', match: false },
    ]);
    expect(marked('Generator, fuel and GENERATORS', 'gen')).toEqual(['Generator', 'GENERATORS']);
    expect(marked('Volunteer drivers', 'drivers volu')).toEqual(['Volunteer', 'drivers']);
    expect(marked('One driver', 'drivers')).toEqual(['driver']);
    // A title word of one or two letters inside a longer query word is no match ("to" in "tomato"),
    // nor is a one-letter query word.
    expect(marked('A van to Umlazi', 'vans a tomato')).toEqual(['van']);
    expect(marked('Insulin #coldchain', '#coldchain')).toEqual(['coldchain']);
    expect(markMatches('Solar fridge', 'generator')).toEqual([{ text: 'Solar fridge', match: false }]);
    expect(markMatches('', 'x')).toEqual([]);
  });
});
