/** '#word' in a text: letters, digits and _ after '#', 2–50 long, case folded, each once (max 20). */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}_]{2,50})/gu)) {
    tags.add(match[1]!.toLowerCase());
    if (tags.size === 20) break;
  }
  return [...tags];
}
