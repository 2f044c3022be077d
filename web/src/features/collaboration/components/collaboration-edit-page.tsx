import { toCategoryId } from '@muster/contract/collaboration';
import { ArrowLeft } from 'lucide-react';
import toast from '../../../lib/toast';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCollaborationRequestQuery } from '../api/get-collaboration-request';
import { useUpdateCollaborationRequestMutation } from '../api/update-collaboration-request';
import { COLLAB_TOAST_MS } from '../constants';
import { CollaborationForm } from './collaboration-form';

/** /collaboration/{categoryId}/{requestId}/edit: the owner's prefilled form. */
export function CollaborationEditPage({ viewerId }: { viewerId: string | undefined }) {
  const { categoryId = 'all', requestId = '' } = useParams();
  const query = useCollaborationRequestQuery(requestId);
  const update = useUpdateCollaborationRequestMutation(requestId);
  const navigate = useNavigate();
  const detail = paths.collaborationRequest(categoryId, requestId);
  const request = query.data;

  if (query.isPending) {
    return (
      <div role="status" className="flex justify-center py-24">
        <span
          className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
          aria-hidden="true"
        />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  if (query.isError || !request) {
    return (
      <p
        role="alert"
        className="mx-auto mt-10 max-w-2xl rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        Error loading collaboration request. Please try again.
      </p>
    );
  }
  if (request.user?._id !== viewerId) return <Navigate to={detail} replace />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={detail}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the request
      </Link>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        <h1 className="mb-5 text-xl font-bold text-slate-900">Edit Collaboration Request</h1>
        <CollaborationForm
          categoryId={toCategoryId(request.category)}
          initial={{
            title: request.title,
            description: request.description,
            deadline: request.deadline ?? '',
            location: request.location,
            image: request.image ?? '',
          }}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          onCancel={() => navigate(detail)}
          onSubmit={(values, refused) =>
            update.mutate(
              {
                title: values.title,
                description: values.description,
                deadline: values.deadline,
                location: values.location,
                // Unchanged: send nothing; removed: null; replaced: the new data URL.
                ...(values.image === (request.image ?? '') ? {} : { image: values.image || null }),
              },
              {
                onSuccess: () => {
                  toast.success('Changes saved', { duration: COLLAB_TOAST_MS });
                  navigate(detail);
                },
                onError: (error) => {
                  refused(error);
                  toast.error(errorMessage(error, 'Failed to save your changes'), {
                    duration: COLLAB_TOAST_MS,
                  });
                },
              },
            )
          }
        />
      </div>
    </div>
  );
}
