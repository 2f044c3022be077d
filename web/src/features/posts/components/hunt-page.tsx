import { Search } from 'lucide-react';
import { useState } from 'react';
import { HuntModal } from './hunt-modal';
import { PostList } from './post-list';

/** /hunt: the hunt composer and recent hunts. */
export function HuntPage({ viewerId }: { viewerId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Hunts</h1>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="inline-flex items-center gap-2 rounded-lg bg-violet-600 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-700"
        >
          <Search className="size-4" aria-hidden="true" /> Start a hunt
        </button>
      </div>
      <PostList
        list={{ feed: true, kind: 'hunt' }}
        viewerId={viewerId}
        empty={
          <p className="text-sm text-slate-600">
            No hunts yet. Looking for a product or a service? Start a hunt.
          </p>
        }
      />
      <HuntModal open={open} onOpenChange={setOpen} />
    </div>
  );
}
