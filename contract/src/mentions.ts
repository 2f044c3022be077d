import { MENTIONS_PER_TEXT } from './limits.js';

/**
 * The usernames a text mentions ('@dana_o'), folded to lower case, each once, in the order they
 * first appear, at most MENTIONS_PER_TEXT (issue 34). A username is 3–30 of a–z, 0–9 and _; an '@'
 * inside a word (an address, 'me@home') mentions nobody, and neither does a longer run, which no
 * username can be. The web's RichText links the same spelling.
 */
export function extractMentions(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/gu)) {
    names.add(match[1]!.toLowerCase());
    if (names.size === MENTIONS_PER_TEXT) break;
  }
  return [...names];
}
