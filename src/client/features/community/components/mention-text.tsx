import { type MentionNames, resolveMentions } from '../../../../shared/mentions';
import { Linkify } from '../../../components/ui/linkify';

/**
 * A post's or a comment's text as React children (never HTML): each `@[Name](id)` of a member a link-styled button
 * "@<current name>" (from `mentions`, the answer's names read from the database; never the name in the brackets)
 * opening that member's profile modal; a mention of an id that is no member stays plain text; http(s) links
 * clickable, the rest text.
 */
export function MentionText({
  text,
  mentions,
  onOpenProfile,
}: {
  text: string;
  mentions: MentionNames;
  onOpenProfile: (userId: string) => void;
}) {
  return (
    <>
      {resolveMentions(text, mentions).map((segment, index) =>
        segment.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of immutable text, stable order.
          <Linkify key={index} text={segment.value} />
        ) : (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpenProfile(segment.userId);
            }}
            className="inline rounded font-medium text-primary [overflow-wrap:anywhere] hover:text-green-300 hover:underline focus-visible:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
          >
            @{segment.name}
          </button>
        ),
      )}
    </>
  );
}
