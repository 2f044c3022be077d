import type { ChosenPlace } from '@muster/contract/geo';
import { lazy, Suspense } from 'react';

// The place search lives in the posts feature; the mission forms get it through this slot, loaded
// with the form that shows it.
const PlaceSearch = lazy(() =>
  import('../../features/posts/components/place-search').then((m) => ({ default: m.PlaceSearch })),
);

export function placeField(
  value: ChosenPlace | null,
  onChange: (place: ChosenPlace | null) => void,
  field: { onTextChange: (text: string) => void; error: string | undefined },
) {
  return (
    <Suspense fallback={null}>
      <PlaceSearch value={value} onChange={onChange} onTextChange={field.onTextChange} error={field.error} />
    </Suspense>
  );
}
