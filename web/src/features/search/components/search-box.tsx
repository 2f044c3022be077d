import { ArrowLeft, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLiveSearch } from '../api/use-live-search';
import { saveSearch } from '../lib/search-rules';
import { SearchPanel, type SearchState } from './search-panel';

const PLACEHOLDER = 'Search people, needs, missions...';

/**
 * Arrow keys move through the panel's rows (roving focus; ArrowUp from the first row returns to
 * the input), Escape closes. Rows are links and buttons, so Enter opens the focused one natively.
 */
function usePanelKeys(
  input: React.RefObject<HTMLInputElement | null>,
  panel: React.RefObject<HTMLElement | null>,
  close: () => void,
) {
  return (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = Array.from(panel.current?.querySelectorAll<HTMLElement>('[data-search-item]') ?? []);
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') items[at < 0 ? 0 : Math.min(at + 1, items.length - 1)]?.focus();
    else if (at <= 0) input.current?.focus();
    else items[at - 1]?.focus();
  };
}

/** Enter with a non-empty query: remember it and open the full results (spec §4). */
function useSubmit(onDone: () => void) {
  const navigate = useNavigate();
  return (query: string) => {
    const q = query.trim();
    if (!q) return;
    saveSearch(q);
    onDone();
    navigate(paths.search, { state: { query: q } satisfies SearchState });
  };
}

/** The results pages: /search and its sections (/search/all, /search/needs, …). */
const isResultsPage = (pathname: string) =>
  pathname === paths.search || pathname.startsWith(`${paths.search}/`);

/**
 * The top bar outlives the pages, and so would what was typed in it: the box shows the search of
 * the results page on screen (Back to it brings its query back) and is emptied on the way to any
 * other page, where an old query would read as a search still in force. It shows the text only:
 * the page has its results, and the box's own are fetched when it is opened (searchShown), not on
 * every visit of a results page.
 */
function useQueryOfThePage(showQuery: (value: string) => void) {
  const { pathname, state, key } = useLocation();
  const onResults = isResultsPage(pathname);
  const pageQuery = onResults ? (state as SearchState | null)?.query : undefined;
  useEffect(() => {
    if (!onResults) showQuery('');
  }, [pathname, onResults, showQuery]);
  // Each visit of a results page (key), not each change of the text: typing there is left alone.
  useEffect(() => {
    if (pageQuery !== undefined) showQuery(pageQuery);
  }, [key, pageQuery, showQuery]);
}

/** Wide screens (768 px and up): the input in the top bar and its dropdown panel. */
function DesktopSearch() {
  const [open, setOpen] = useState(false);
  const search = useLiveSearch();
  useQueryOfThePage(search.showQuery);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = () => setOpen(false);
  const openPanel = () => {
    setOpen(true);
    search.searchShown();
  };
  const onKeys = usePanelKeys(input, panel, () => {
    close();
    input.current?.focus();
  });
  const submit = useSubmit(() => {
    close();
    input.current?.blur();
  });

  useEffect(() => {
    if (!open) return;
    // A click outside closes the dropdown (spec §4).
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div ref={root} className="relative hidden w-full max-w-sm md:block" onKeyDown={onKeys}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        autoComplete="off"
        placeholder={PLACEHOLDER}
        value={search.query}
        onFocus={openPanel}
        onClick={openPanel}
        onChange={(e) => {
          setOpen(true);
          search.setQuery(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit(search.query);
          }
        }}
        className="h-10 w-full rounded-full border border-slate-200 bg-slate-100 pl-9 pr-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label="Search results"
          className="absolute left-0 right-0 top-12 z-40 max-h-[min(70vh,36rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl md:w-[28rem]"
        >
          <SearchPanel
            query={search.query}
            results={search.results}
            loading={search.loading}
            onPick={(q) => search.setQuery(q, true)}
            onOpen={close}
          />
        </div>
      )}
    </div>
  );
}

/** Small screens: a full-screen overlay with a back arrow; closing it clears query and results. */
function SearchOverlay({ onClose }: { onClose: () => void }) {
  const search = useLiveSearch();
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const onKeys = usePanelKeys(input, panel, onClose);
  const submit = useSubmit(onClose);

  useEffect(() => {
    input.current?.focus();
    // The page behind must not scroll under the overlay.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Search"
      className="fixed inset-0 z-50 flex flex-col bg-white"
      onKeyDown={onKeys}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2">
        <button
          type="button"
          aria-label="Close search"
          onClick={onClose}
          className="rounded-full p-2 text-slate-700 hover:bg-slate-100"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </button>
        <input
          ref={input}
          type="search"
          aria-label="Search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={PLACEHOLDER}
          value={search.query}
          onChange={(e) => search.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit(search.query);
            }
          }}
          className="h-10 min-w-0 flex-1 rounded-full border border-slate-200 bg-slate-100 px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
      </div>
      <div ref={panel} className="flex-1 overflow-y-auto p-2 pb-[env(safe-area-inset-bottom)]">
        <SearchPanel
          query={search.query}
          results={search.results}
          loading={search.loading}
          onPick={(q) => search.setQuery(q, true)}
          onOpen={onClose}
        />
      </div>
    </div>,
    document.body,
  );
}

function MobileSearch() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:hidden"
      >
        <Search className="size-5" aria-hidden="true" />
      </button>
      {open && (
        <SearchOverlay
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

/** Spec §2 "Global search box", in the signed-in top bar. */
export function SearchBox() {
  return (
    <>
      <DesktopSearch />
      <MobileSearch />
    </>
  );
}
