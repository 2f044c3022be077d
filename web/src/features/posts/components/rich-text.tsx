import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const TOKEN = /(#[\p{L}\p{N}_]{2,50}|@[a-z0-9_]{3,30}|https?:\/\/[^\s<]+)/giu;

/** Post text with #hashtags, @mentions and links made into links; everything else stays text. */
export function RichText({ text }: { text: string }) {
  const parts = text.split(TOKEN);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        if (part.startsWith('#')) {
          return (
            <Link
              key={i}
              to={paths.hashtag(part.slice(1).toLowerCase())}
              className="font-medium text-brand-700 hover:underline"
            >
              {part}
            </Link>
          );
        }
        if (part.startsWith('@')) {
          return (
            <Link
              key={i}
              to={paths.profile(part.slice(1).toLowerCase())}
              className="font-medium text-brand-700 hover:underline"
            >
              {part}
            </Link>
          );
        }
        return (
          <a
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all text-brand-700 underline"
          >
            {part}
          </a>
        );
      })}
    </>
  );
}
