import type { Alert, AlertKind } from '@muster/contract/alerts';
import type { AlertRow } from './alerts.queries.js';

/** An alert as its owner reads it: its place as they chose it (nobody else ever reads an alert). */
export function presentAlert(row: AlertRow): Alert {
  const place = row.place;
  return {
    _id: row.id,
    name: row.name,
    words: row.words,
    category: row.category,
    kinds: row.kinds as AlertKind[],
    place: {
      address: place.address,
      ...(place.name ? { name: place.name } : {}),
      coordinates: [row.lon, row.lat],
    },
    radiusKm: row.radiusKm,
    fromPostId: row.fromPostId,
    createdAt: row.createdAt.toISOString(),
  };
}

const kindNames: Record<string, string> = { need: 'need', want: 'want', provision: 'offer' };
/** A post's title in its notice, at most (a post without one is named by its text). */
const TITLE_SHOWN = 80;

const oneLine = (text: string, max: number) => {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > max ? `${words.slice(0, max - 1).trimEnd()}…` : words;
};

/**
 * "New need near Mandaue, Central Visayas, Philippines: Need a generator". The place is the post's
 * public, city-level text (decision 041): never the alert's point nor the post's exact place.
 */
export function alertMessage(post: { kind: string; title: string; content: string; placeText: string }) {
  const title = oneLine(post.title || post.content, TITLE_SHOWN);
  const near = post.placeText ? ` near ${oneLine(post.placeText, 60)}` : '';
  return `New ${kindNames[post.kind] ?? 'post'}${near}: ${title}`;
}

/** A provision's alert is named after it: "Needs near “Generator to lend”". */
export const alertNameFromPost = (title: string, content: string) =>
  oneLine(`Needs near “${oneLine(title || content, 60)}”`, 80);
