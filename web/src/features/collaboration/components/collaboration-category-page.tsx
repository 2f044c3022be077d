import { ListError } from '../../../components/list-error';
import {
  type CollaborationRequest,
  collaborationCategories,
  collaborationCategoryIds,
  toCategoryId,
} from '@muster/contract/collaboration';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCollaborationRequestsQuery } from '../api/get-collaboration-requests';
import { CategoryIcon } from './category-icon';
import { CollaborationCard } from './collaboration-card';
import { ContactPosterModal } from './contact-poster-modal';
import { PostCollaborationModal } from './post-collaboration-modal';
import { ShowMore } from '../../../components/person-row';

/** /collaboration/{categoryId}: the category's requests in a card grid, and the post modal. */
export function CollaborationCategoryPage({ viewerId }: { viewerId: string | undefined }) {
  const { categoryId: rawId } = useParams();
  const categoryId = toCategoryId(rawId);
  const category = collaborationCategories[categoryId];
  const query = useCollaborationRequestsQuery(categoryId);
  const [posting, setPosting] = useState(false);
  const [contacting, setContacting] = useState<CollaborationRequest | null>(null);
  const navigate = useNavigate();
  const requests = query.data?.pages.flatMap((p) => p.data) ?? [];

  function connect(request: CollaborationRequest) {
    if (request.user?._id === viewerId)
      navigate(paths.collaborationRequest(rawId ?? categoryId, request._id));
    else setContacting(request);
  }

  const postButton = (
    <button
      type="button"
      onClick={() => setPosting(true)}
      className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
    >
      <Plus className="size-4" aria-hidden="true" /> Post a Collaboration Request
    </button>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-4">
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-xl text-white"
            style={{ backgroundColor: category.color }}
          >
            <CategoryIcon categoryId={categoryId} className="size-6" />
          </span>
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{category.name}</h1>
            <p className="mt-1 text-sm text-slate-600">{category.description}</p>
          </div>
        </div>
        {postButton}
      </header>

      {/* Every category from every category: home's Collaborate card lists them only on a wide
          screen, so without this row a phone reached "All" and no further. It wraps at 375 px. */}
      <nav aria-label="Collaboration categories" className="mt-4 flex flex-wrap gap-2">
        {collaborationCategoryIds.map((id) => (
          <Link
            key={id}
            to={paths.collaboration(id)}
            aria-current={id === categoryId ? 'page' : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${id === categoryId ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
          >
            {id === 'all' ? 'All' : collaborationCategories[id].name}
          </Link>
        ))}
      </nav>

      <section aria-label={`${category.name} requests`} className="mt-6">
        {query.isPending ? (
          <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600">
            <span
              className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
              aria-hidden="true"
            />
            Loading collaboration requests...
          </div>
        ) : query.isError ? (
          <ListError query={query} what="collaboration requests" />
        ) : requests.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <CategoryIcon categoryId={categoryId} className="size-10 text-slate-400" />
            <h2 className="text-lg font-semibold text-slate-900">No collaboration requests yet</h2>
            <p className="text-sm text-slate-600">Be the first to post a request in this category!</p>
            {postButton}
          </div>
        ) : (
          <>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {requests.map((r) => (
                <CollaborationCard
                  key={r._id}
                  request={r}
                  categoryId={rawId ?? categoryId}
                  onConnect={connect}
                />
              ))}
            </div>
            <ShowMore query={query} label="Load more" className="mt-6" />
          </>
        )}
      </section>

      <PostCollaborationModal categoryId={categoryId} open={posting} onOpenChange={setPosting} />
      <ContactPosterModal request={contacting} onClose={() => setContacting(null)} />
    </div>
  );
}
