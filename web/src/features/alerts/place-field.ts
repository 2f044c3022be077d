import type { ChosenPlace } from '@muster/contract/geo';

/**
 * The place search lives in the posts feature, which this feature may not import: app/ hands it
 * in (as it does to the mission forms, app/routes/mission-place-field.tsx).
 */
export type PlaceField = (
  value: ChosenPlace | null,
  onChange: (place: ChosenPlace | null) => void,
  field: { onTextChange: (text: string) => void; error: string | undefined },
) => React.ReactNode;

/** What an alert starts from: a search's words, category and kinds, or the map's view. */
export type AlertDraft = {
  kinds: string[];
  category?: string;
  words?: string;
  /** [longitude, latitude]: the map's centre. */
  center?: [number, number];
  radiusKm?: number;
};
