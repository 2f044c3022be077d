import type { Place } from '@muster/contract/geo';
import { lazy, Suspense } from 'react';

// The place search lives in the posts feature; the mission forms get it through this slot, loaded
// with the form that shows it.
const PlaceSearch = lazy(() =>
  import('../../features/posts/components/place-search').then((m) => ({ default: m.PlaceSearch })),
);

export function placeField(value: Place | null, onChange: (place: Place | null) => void) {
  return (
    <Suspense fallback={null}>
      <PlaceSearch value={value} onChange={onChange} />
    </Suspense>
  );
}
