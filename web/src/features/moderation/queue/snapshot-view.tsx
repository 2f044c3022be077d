import type { Snapshot, SnapshotPerson } from '@muster/contract/moderation-queue';
import { Avatar } from '../../../components/avatar';
import { formatDate } from '../../../lib/time';
import { personName } from './labels';

function Byline({ person, role = 'By' }: { person: SnapshotPerson; role?: string }) {
  return (
    <p className="text-sm text-slate-600">
      {role} <span className="font-medium text-slate-800">{personName(person)}</span>{' '}
      <span className="text-slate-500">@{person.username}</span>
    </p>
  );
}

const text = 'whitespace-pre-wrap break-words text-[15px] leading-relaxed text-slate-900';

/**
 * The reported thing as it looked when reported (decision 068): the words, the pictures and who
 * wrote it, kept with the report. Media are shown from the URLs they had then.
 */
export function SnapshotView({ snapshot: s }: { snapshot: Snapshot }) {
  switch (s.type) {
    case 'post':
      return (
        <div className="space-y-2">
          <p className="flex flex-wrap gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <span>{s.kind}</span>
            {s.category && <span>· {s.category}</span>}
          </p>
          {s.title && <h3 className="text-lg font-semibold text-slate-900">{s.title}</h3>}
          <p className={text}>{s.content}</p>
          {s.image && (
            <img
              src={s.image}
              alt="The post's picture, as reported"
              className="max-h-80 rounded-lg border border-slate-200"
            />
          )}
          {s.video && (
            <video src={s.video} controls className="max-h-80 w-full rounded-lg border border-slate-200">
              <track kind="captions" />
            </video>
          )}
          {s.fileUrl && (
            <a
              href={s.fileUrl}
              className="text-sm font-medium text-brand-700 underline"
              target="_blank"
              rel="noreferrer"
            >
              {s.fileName || 'Attached file'}
            </a>
          )}
          <Byline person={s.author} />
        </div>
      );
    case 'comment':
      return (
        <div className="space-y-2">
          <p className="text-xs text-slate-500">
            A comment on <span className="font-medium text-slate-700">“{s.postTitle}”</span>
          </p>
          <p className={text}>{s.content}</p>
          <Byline person={s.author} />
        </div>
      );
    case 'user':
      return (
        <div className="flex gap-3">
          <Avatar
            person={{ ...s.person, _id: s.person.id, profilePicture: s.profilePicture ?? '' }}
            className="size-14"
          />
          <div className="min-w-0 space-y-1">
            <p className="font-semibold text-slate-900">
              {personName(s.person)} <span className="font-normal text-slate-500">@{s.person.username}</span>
            </p>
            {s.headline && <p className="text-sm text-slate-700">{s.headline}</p>}
            {s.bio ? <p className={text}>{s.bio}</p> : <p className="text-sm text-slate-500">No bio</p>}
          </div>
        </div>
      );
    case 'message':
      return (
        <div className="space-y-2">
          <p className="text-xs text-slate-500">{s.chatRequest ? 'A chat request' : 'A message in a chat'}</p>
          <p className={`${text} rounded-2xl bg-slate-100 px-4 py-2.5`}>{s.body}</p>
          <Byline person={s.sender} role="Sent by" />
        </div>
      );
    case 'collaboration':
      return (
        <div className="space-y-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{s.category}</p>
          <h3 className="text-lg font-semibold text-slate-900">{s.title}</h3>
          <p className={text}>{s.description}</p>
          <p className="text-sm text-slate-600">
            {s.location && <span>{s.location}</span>}
            {s.deadline && <span> · until {formatDate(s.deadline)}</span>}
          </p>
          {s.image && (
            <img
              src={s.image}
              alt="The request's picture, as reported"
              className="max-h-80 rounded-lg border border-slate-200"
            />
          )}
          <Byline person={s.author} />
        </div>
      );
  }
}
