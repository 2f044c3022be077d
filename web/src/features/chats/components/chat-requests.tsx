import { MessageSquareDashed } from 'lucide-react';
import { ListError } from '../../../components/list-error';
import toast from '../../../lib/toast';
import { Link, useNavigate } from 'react-router';
import { buttonStyles, EmptyState, PersonRow, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { timeAgo } from '../../../lib/time';
import { useAcceptChatRequestMutation, useDeclineChatRequestMutation } from '../api/answer-chat-request';
import { useChatRequestsQuery } from '../api/get-chat-requests';
import { personName } from '../../../lib/person-name';
import { ReportButton } from '../../../components/report-button';

/**
 * Chat requests on /requests: first messages from people outside my network (I take messages
 * only from connections). Accept opens the conversation with the message in it; Decline removes
 * the request, and the sender learns only that it was not accepted.
 */
export function ChatRequests() {
  const requests = useChatRequestsQuery();
  const accept = useAcceptChatRequestMutation();
  const decline = useDeclineChatRequestMutation();
  const navigate = useNavigate();
  const busy = (id: string) =>
    (accept.isPending && accept.variables === id) || (decline.isPending && decline.variables === id);

  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby="chat-requests-heading"
    >
      <h2 id="chat-requests-heading" className="font-semibold text-slate-900">
        Message requests
      </h2>
      {requests.isPending ? (
        <PersonRowsSkeleton label="Loading message requests" />
      ) : requests.isError ? (
        <ListError query={requests} what="message requests" className="mt-2" />
      ) : !requests.data.length ? (
        <EmptyState icon={MessageSquareDashed} title="No message requests">
          When someone outside your network messages you, it waits here until you accept.{' '}
          <Link to={paths.privacySettings} className="font-medium text-brand-700 hover:underline">
            Choose who can message you
          </Link>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {requests.data.map((r) => {
            const name = personName(r.sender);
            return (
              <PersonRow
                key={r._id}
                user={r.sender}
                note={`${timeAgo(r.createdAt)} ago`}
                detail={<p className="whitespace-pre-line break-words">{r.message}</p>}
                actions={
                  <>
                    <button
                      type="button"
                      className={buttonStyles.primary}
                      disabled={busy(r._id)}
                      aria-label={`Accept ${name}'s message`}
                      onClick={() =>
                        accept.mutate(r._id, {
                          onSuccess: ({ chatId }) => navigate(paths.chat(chatId)),
                          onError: (e) =>
                            toast.error(errorMessage(e, 'Failed to accept the request. Please try again.')),
                        })
                      }
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className={buttonStyles.quiet}
                      disabled={busy(r._id)}
                      aria-label={`Decline ${name}'s message`}
                      onClick={() =>
                        decline.mutate(r._id, {
                          onSuccess: () => toast.success('Request declined'),
                          onError: (e) =>
                            toast.error(errorMessage(e, 'Failed to decline the request. Please try again.')),
                        })
                      }
                    >
                      Decline
                    </button>
                    {/* A stranger's first message is where scams start (issue 35): reported as a message.
                        Only the flag on a phone, where the word pushed the row past 375 px. */}
                    <ReportButton
                      targetType="message"
                      targetId={r._id}
                      subject={`${name}'s message`}
                      label={`Report ${name}'s message`}
                      className={buttonStyles.ghost}
                    />
                  </>
                }
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
