import type { SessionUser } from '@muster/contract/users';
import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from '../../../components/avatar';

// The composers load when first opened: the feed is what home shows first, and the composer with
// its place search, mention suggestions and media handling is the heaviest part of the page.
const PostComposerModal = lazy(() =>
  import('./post-composer-modal').then((m) => ({ default: m.PostComposerModal })),
);
const HuntModal = lazy(() => import('./hunt-modal').then((m) => ({ default: m.HuntModal })));

/** The top of the home feed: 'Share your needs & wants with the world', and a Hunt button. */
export function ComposerPrompt({ user }: { user: SessionUser }) {
  const [posting, setPosting] = useState(false);
  const [hunting, setHunting] = useState(false);
  return (
    <section
      aria-label="Create a post"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <Avatar person={user} className="size-11 shrink-0" />
        <button
          type="button"
          onClick={() => setPosting(true)}
          className="flex-1 rounded-full border border-slate-300 px-4 py-2.5 text-left text-sm text-slate-600 hover:bg-slate-50"
        >
          Share your needs & wants with the world
        </button>
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={() => setHunting(true)}
          className="inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium text-violet-700 hover:bg-violet-50"
        >
          <Search className="size-4" aria-hidden="true" /> Hunt
        </button>
      </div>
      <Suspense fallback={null}>
        {posting && <PostComposerModal open={posting} onOpenChange={setPosting} />}
        {hunting && <HuntModal open={hunting} onOpenChange={setHunting} />}
      </Suspense>
    </section>
  );
}
