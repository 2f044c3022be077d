import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type MapUrlState, readMapUrl, writeMapUrl } from './map-url';

/**
 * The map's URL state, and a writer that changes it as it is *now*. The filters and the view both
 * live in one query string, written from a click, a debounced map move and a closed card; each write
 * must start from the last one even when React has not rendered it yet (React Router's setter, even
 * its functional form, starts from the query of the render that made it, so a view written a moment
 * after a filter click used to put the filters of before back — CI saw it on a loaded machine).
 *
 * So the writer keeps what it last wrote, and a query the router renders replaces that only when it
 * is not one of ours still on its way (Back, a link, another tab's change of the URL are not).
 */
export function useMapUrl() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params.toString());
  /** What we wrote and the router has not rendered yet, oldest first. */
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const now = params.toString();
    const at = pending.current.indexOf(now);
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      return;
    }
    pending.current = [];
    latest.current = now;
  }, [params]);

  const write = useCallback(
    (update: (current: MapUrlState) => Partial<MapUrlState>, replace: boolean) => {
      const current = readMapUrl(new URLSearchParams(latest.current));
      const next = writeMapUrl({ ...current, ...update(current) }).toString();
      // The same query again would add a history entry that changes nothing (and never render).
      if (next === latest.current) return;
      latest.current = next;
      pending.current.push(next);
      setParams(new URLSearchParams(next), { replace });
    },
    [setParams],
  );
  return { params, write };
}
