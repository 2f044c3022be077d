import type { MapItem } from '@muster/contract/map';
import { Siren } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { timeAgo } from '../../../lib/time';
import { FromServerBadge } from '../../../components/remote-listing-bits';
import { kindLook } from '../lib/kinds';
import { KindMark } from './kind-mark';

/**
 * The list beside the map: the same items, newest first, and the map's accessible twin (decision
 * 079). Hovering or focusing a row lights its pin; a pin chosen on the map scrolls its row into view.
 */
export function MapList({
  items,
  selectedId,
  onHover,
  onSelect,
}: {
  items: MapItem[];
  selectedId: string | undefined;
  onHover: (id: string | undefined) => void;
  onSelect: (id: string) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!selectedId) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(selectedId)}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);
  const newest = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul ref={list} className="divide-y divide-slate-100" onMouseLeave={() => onHover(undefined)}>
      {newest.map((item) => {
        const selected = item._id === selectedId;
        return (
          <li key={item._id} data-item={item._id}>
            <button
              type="button"
              aria-pressed={selected}
              onMouseEnter={() => onHover(item._id)}
              onFocus={() => onHover(item._id)}
              onBlur={() => onHover(undefined)}
              onClick={() => onSelect(item._id)}
              className={`flex w-full items-start gap-3 px-3 py-2.5 text-left hover:bg-slate-50 focus:outline-none focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 ${selected ? 'bg-brand-50' : ''}`}
            >
              <KindMark kind={item.kind} className="mt-0.5" />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5">
                  <span className="truncate font-medium text-slate-900">{item.title}</span>
                  {item.emergency && (
                    <Siren className="size-4 shrink-0 text-red-600" aria-label="Emergency" />
                  )}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  <span className="sr-only">{kindLook[item.kind].label}, </span>
                  {[item.category, item.place].filter(Boolean).join(' · ')}
                </span>
                {item.remote && <FromServerBadge server={item.remote.server} className="mt-0.5" />}
                <span className="block text-xs text-slate-500">
                  {item.status && item.status !== 'open' ? (
                    <span className="capitalize">{item.status} · </span>
                  ) : null}
                  {timeAgo(item.createdAt)} ago
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function MapListSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100" data-testid="map-list-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex animate-pulse items-start gap-3 px-3 py-3">
          <span className="size-5 rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-3/4 rounded bg-slate-200" />
            <span className="block h-3 w-1/2 rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
