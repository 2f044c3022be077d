import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, Flag, MoreHorizontal, Volume2, VolumeX } from 'lucide-react';
import { Suspense, useState } from 'react';
import toast from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useBlockUserMutation } from '../api/block-user';
import { useMuteUserMutation } from '../api/mute-user';
import { useUnmuteUserMutation } from '../api/unmute-user';
import { LazyReportDialog } from '../../../components/report-button';

const item =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/**
 * The "more" menu on someone's profile: Mute / Unmute, Report (a dialog with the reasons) and
 * Block (after a confirm; `onBlocked` then leaves the profile, which is hidden from now on).
 */
export function PersonMenu({
  person,
  onChange,
  onBlocked,
}: {
  person: { _id: string; firstName: string; lastName: string; muted: boolean };
  onChange?: () => void;
  onBlocked: () => void;
}) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const [reporting, setReporting] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const block = useBlockUserMutation();
  const mute = useMuteUserMutation();
  const unmute = useUnmuteUserMutation();

  const toggleMute = () => {
    const [mutation, done, failed] = person.muted
      ? [unmute, `You unmuted ${name}`, 'Could not unmute']
      : [mute, `You muted ${name}. Their posts no longer appear in your feed.`, 'Could not mute'];
    mutation.mutate(person._id, {
      onSuccess: () => {
        toast.success(done);
        onChange?.();
      },
      onError: (err) => toast.error(errorMessage(err, failed)),
    });
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="inline-flex size-9 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-50"
          aria-label={`More actions for ${name}`}
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
          >
            <DropdownMenu.Item className={`${item} text-slate-700`} onSelect={toggleMute}>
              {person.muted ? (
                <Volume2 className="size-4" aria-hidden="true" />
              ) : (
                <VolumeX className="size-4" aria-hidden="true" />
              )}
              {person.muted ? 'Unmute' : 'Mute'}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={`${item} text-slate-700`} onSelect={() => setReporting(true)}>
              <Flag className="size-4" aria-hidden="true" /> Report
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item
              className={`${item} text-red-700 data-[highlighted]:bg-red-50`}
              onSelect={() => setConfirmBlock(true)}
            >
              <Ban className="size-4" aria-hidden="true" /> Block
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {reporting && (
        <Suspense fallback={null}>
          <LazyReportDialog
            open
            onOpenChange={setReporting}
            targetType="user"
            targetId={person._id}
            subject={name}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={`Block ${name}?`}
        description="You will no longer see each other's profile, posts or comments, and neither of you can message the other. Any connection or request between you ends. They are not told."
        confirmLabel="Block"
        pendingLabel="Blocking..."
        pending={block.isPending}
        onConfirm={() =>
          block.mutate(person._id, {
            onSuccess: () => {
              setConfirmBlock(false);
              toast.success(`You blocked ${name}`);
              onBlocked();
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not block')),
          })
        }
      />
    </>
  );
}
