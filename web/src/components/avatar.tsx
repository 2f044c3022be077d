import { hasOwnPicture } from '@muster/contract/users-constants';
import { useState } from 'react';

/** Who is pictured: any shape of a person the API sends (card, sender, assignee, …). */
export type AvatarPerson = {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePicture: string;
};

/**
 * The grounds an initials avatar is drawn on (decision 053): Tailwind's 700s, which white text
 * passes WCAG AA on (≥ 4.5:1; 4.9 at the least, yellow; avatar.test.tsx checks each), spread round the
 * colour wheel so that neighbours in a list rarely share one. Hex, not classes: the colour is
 * chosen at run time, and Tailwind only builds the classes it finds written out.
 */
export const AVATAR_COLOURS = [
  '#b91c1c', // red
  '#c2410c', // orange
  '#a16207', // yellow
  '#4d7c0f', // lime
  '#15803d', // green
  '#0f766e', // teal
  '#0e7490', // cyan
  '#1d4ed8', // blue
  '#4338ca', // indigo
  '#7e22ce', // purple
  '#a21caf', // fuchsia
  '#be185d', // pink
] as const;
export const AVATAR_TEXT = '#ffffff';

/**
 * The same colour for a person everywhere and on every visit: a hash of their username, which
 * never changes (no route renames one) and, unlike the id, is the same in every demo database.
 */
export function avatarColour(person: Pick<AvatarPerson, '_id' | 'username'>): string {
  // Defensive: a half-loaded person (no username yet) is still drawn, never thrown over.
  const key = person.username || person._id || '';
  // FNV-1a, then murmur3's finaliser: FNV alone left its low bits clumped (5 of the 20 demo
  // people on one colour of 12; 3 at most with the finaliser).
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash ^= hash >>> 16;
  return AVATAR_COLOURS[(hash >>> 0) % AVATAR_COLOURS.length]!;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;
/** A letter, digit or pictograph: what a name's initial may be (not a quote, a bracket or a dot). */
const MEANINGFUL = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/** What a reader counts as one character: a letter with its accents, a whole emoji. */
function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

/** A word's first meaningful grapheme, upper-cased where that keeps it one. */
function initialOf(word: string): string {
  const first = graphemes(word).find((g) => MEANINGFUL.test(g));
  if (!first) return '';
  const upper = first.toLocaleUpperCase();
  // "ß" upper-cases to "SS": two letters where one was meant.
  return upper.length === first.length ? upper : first;
}

/**
 * The letters a person without a picture is shown by, as mail and chat apps do: the first of
 * their name's first and last words (one word: its first), else the same of their username.
 */
export function avatarInitials(person: Pick<AvatarPerson, 'firstName' | 'lastName' | 'username'>): string {
  const fromWords = (words: string[]) => {
    const initials = words.map(initialOf).filter(Boolean);
    return initials.length > 1 ? `${initials[0]}${initials.at(-1)}` : (initials[0] ?? '');
  };
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim().split(/\s+/).filter(Boolean);
  const username = (person.username ?? '').split(/[_\s.-]+/).filter(Boolean);
  return fromWords(name) || fromWords(username) || '?';
}

/**
 * A person's picture, round. `className` gives its size and place (e.g. `size-11 shrink-0`);
 * `alt` is their name where no name stands beside it, else the picture is decoration (`alt=""`),
 * as every picture of a person was before. A person without a picture of their own, or whose
 * picture will not load, gets their initials on their colour.
 */
export function Avatar({
  person,
  className = '',
  alt = '',
}: {
  person: AvatarPerson;
  className?: string;
  alt?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = person.profilePicture;
  if (hasOwnPicture(picture) && failed !== picture) {
    return (
      <img
        src={picture}
        alt={alt}
        onError={() => setFailed(picture)}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  }
  const initials = avatarInitials(person);
  return (
    <span
      className={`block shrink-0 overflow-hidden rounded-full ${className}`}
      style={{ backgroundColor: avatarColour(person) }}
      data-initials={initials}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {/* Drawn, not typeset: the letters scale with the circle at every size it is given. */}
      <svg viewBox="0 0 40 40" className="size-full" aria-hidden="true" focusable="false">
        <text
          x="20"
          y="20"
          dominantBaseline="central"
          textAnchor="middle"
          fill={AVATAR_TEXT}
          fontSize={graphemes(initials).length > 1 ? 15 : 17}
          fontWeight={600}
        >
          {initials}
        </text>
      </svg>
    </span>
  );
}
