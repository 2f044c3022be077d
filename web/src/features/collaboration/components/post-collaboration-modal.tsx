import type { CollaborationCategoryId } from '@muster/contract/collaboration';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[min(800px,calc(100dvh-2rem))] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Post Collaboration Request</Dialog.Title>
            <Dialog.Close className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Tell people what you need help with.</Dialog.Description>
          <div className="overflow-y-auto px-5 py-4">
            {/* Re-mounted each time it opens, so a closed form starts empty next time. */}
            {open && (
              <CollaborationForm
                categoryId={categoryId}
                initial={emptyCollaborationForm}
                submitLabel="Post Request"
                pendingLabel="Posting..."
                pending={create.isPending}
                onCancel={() => onOpenChange(false)}
                onSubmit={(values) =>
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
                      // Spec §8: a failed create is logged only.
                      onError: (error) => console.error('Failed to post collaboration request', error),
                    },
                  )
                }
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
