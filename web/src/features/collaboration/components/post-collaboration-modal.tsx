import type { CollaborationCategoryId } from '@muster/contract/collaboration';
import { Modal } from '../../../components/modal';
import { useCreateCollaborationRequestMutation } from '../api/create-collaboration-request';
import { CollaborationForm, emptyCollaborationForm } from './collaboration-form';

/** 'Post Collaboration Request' (spec §2): category read-only, max height 800 px. */
export function PostCollaborationModal({
  categoryId,
  open,
  onOpenChange,
}: {
  categoryId: CollaborationCategoryId;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateCollaborationRequestMutation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Post Collaboration Request"
      description="Tell people what you need help with."
      size="lg"
    >
      {/* Re-mounted each time it opens, so a closed form starts empty next time. */}
      {open && (
        <CollaborationForm
          categoryId={categoryId}
          initial={emptyCollaborationForm}
          submitLabel="Post Request"
          pendingLabel="Posting..."
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(values, refused) =>
            create.mutate(
              {
                title: values.title,
                description: values.description,
                ...(values.deadline ? { deadline: values.deadline } : {}),
                ...(values.location ? { location: values.location } : {}),
                ...(values.image ? { image: values.image } : {}),
                ...(categoryId === 'all' ? {} : { category: categoryId }),
              },
              {
                onSuccess: () => onOpenChange(false),
                // Spec §8: a failed create is logged only; a field the server refused is said on it.
                onError: (error) => {
                  refused(error);
                  console.error('Failed to post collaboration request', error);
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}
