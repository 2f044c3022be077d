import { extractHashtags } from '@muster/contract/hashtags';

/** The @mention or #hashtag being typed just before the caret, if any (spec §5). */
export function tokenAtCaret(
  text: string,
  caret: number,
): { kind: 'mention' | 'hashtag'; query: string; start: number } | null {
  const before = text.slice(0, caret);
  const mention = /(^|\s)@([a-zA-Z0-9_]+)$/.exec(before);
  if (mention) return { kind: 'mention', query: mention[2]!, start: caret - mention[2]!.length - 1 };
  const hashtag = /(^|\s)#([\p{L}\p{N}_]*)$/u.exec(before);
  if (hashtag) return { kind: 'hashtag', query: hashtag[2]!, start: caret - hashtag[2]!.length - 1 };
  return null;
}

/** Historical tags that start with what is typed, minus those already in the text. */
export function hashtagSuggestions(historical: string[], query: string, text: string, limit = 5): string[] {
  const used = new Set(extractHashtags(text));
  const q = query.toLowerCase();
  return historical.filter((t) => t.startsWith(q) && t !== q && !used.has(t)).slice(0, limit);
}

/** Replaces the token being typed with the chosen one and a space; returns the text and caret. */
export function insertToken(text: string, caret: number, start: number, token: string) {
  const next = `${text.slice(0, start)}${token} ${text.slice(caret)}`;
  return { text: next, caret: start + token.length + 1 };
}
