import { MAP_CATEGORY_MAX, MAP_SINCE_DAYS, type MapKind, mapKinds } from '@muster/contract/map-constants';
import { useEffect, useId, useState } from 'react';
import { kindLook } from '../lib/kinds';
import { defaultFilters, type MapFilterState, needStatusValues, type SinceDays } from '../lib/map-url';
import { KindMark } from './kind-mark';

const sinceLabels: Record<SinceDays, string> = {
  1: 'Last 24 hours',
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
  365: 'Last year',
};

const chip =
  'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500';
const on = 'border-slate-900 bg-slate-900 text-white';
const off = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

/** True when any filter differs from the map's defaults (the empty state then offers to clear them). */
export const filtersChanged = (f: MapFilterState) =>
  f.kinds.length !== mapKinds.length ||
  f.category !== '' ||
  f.status.join(',') !== defaultFilters.status.join(',') ||
  f.emergency ||
  f.sinceDays !== undefined;

/**
 * The map's filters (issue 37): kinds (which double as the legend: each chip shows its kind's pin),
 * category, needs' status, emergency only and time. Each change goes to the URL (decision 079).
 */
export function MapFilters({
  filters,
  onChange,
}: {
  filters: MapFilterState;
  /** Given as an update of the filters as they are then: two quick clicks must not undo each other. */
  onChange: (update: (current: MapFilterState) => MapFilterState) => void;
}) {
  const id = useId();
  const [category, setCategory] = useState(filters.category);
  const [categoryFor, setCategoryFor] = useState(filters.category);
  // A new category arriving from the URL (Back, a link) replaces what was typed.
  if (categoryFor !== filters.category) {
    setCategoryFor(filters.category);
    setCategory(filters.category);
  }
  // The words go to the URL once they have stopped changing for half a second.
  useEffect(() => {
    const words = category.trim();
    if (words === filters.category) return;
    const timer = setTimeout(() => onChange((f) => ({ ...f, category: words })), 500);
    return () => clearTimeout(timer);
    // Only a change of the words asks again; the filters are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [category]);

  const toggle = <T extends string>(list: T[], value: T, all: readonly T[]): T[] => {
    const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
    return all.filter((v) => next.includes(v));
  };
  const needsShown = filters.kinds.includes('need') || filters.kinds.includes('want');

  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <fieldset className="min-w-0">
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Show</legend>
        <div className="flex flex-wrap gap-1.5">
          {mapKinds.map((k: MapKind) => {
            const checked = filters.kinds.includes(k);
            return (
              <label key={k} className={`${chip} ${checked ? on : off}`}>
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  onChange={() => onChange((f) => ({ ...f, kinds: toggle(f.kinds, k, mapKinds) }))}
                />
                <KindMark kind={k} className="size-4 text-[9px]" />
                {kindLook[k].plural}
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="min-w-0" disabled={!needsShown}>
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
          Needs &amp; wants
        </legend>
        <div className="flex flex-wrap gap-1.5">
          {needStatusValues.map((s) => {
            const checked = filters.status.includes(s);
            return (
              <label key={s} className={`${chip} ${checked ? on : off} capitalize`}>
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  onChange={() =>
                    onChange((f) => {
                      const status = toggle(f.status, s, needStatusValues);
                      // At least one status: none would show no needs, which the kinds say already.
                      return status.length ? { ...f, status } : f;
                    })
                  }
                />
                {s}
              </label>
            );
          })}
          <label className={`${chip} ${filters.emergency ? 'border-red-700 bg-red-700 text-white' : off}`}>
            <input
              type="checkbox"
              className="sr-only"
              checked={filters.emergency}
              onChange={(e) => {
                const emergency = e.target.checked;
                onChange((f) => ({ ...f, emergency }));
              }}
            />
            Emergency only
          </label>
        </div>
      </fieldset>
      <div>
        <label
          htmlFor={`${id}-category`}
          className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500"
        >
          Category
        </label>
        <input
          id={`${id}-category`}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          placeholder="Any category"
          maxLength={MAP_CATEGORY_MAX}
          className="h-9 w-40 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
      </div>
      <div>
        <label
          htmlFor={`${id}-since`}
          className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500"
        >
          Posted
        </label>
        <select
          id={`${id}-since`}
          value={filters.sinceDays ?? ''}
          onChange={(e) => {
            const sinceDays = e.target.value ? (Number(e.target.value) as SinceDays) : undefined;
            onChange((f) => ({ ...f, sinceDays }));
          }}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        >
          <option value="">Any time</option>
          {MAP_SINCE_DAYS.map((d) => (
            <option key={d} value={d}>
              {sinceLabels[d]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
