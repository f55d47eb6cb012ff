import { useId, useMemo, useState } from 'react';
import { imageSrcSet } from '../../../../shared/image-variants';
import type { MentionNames } from '../../../../shared/mentions';
import { previewDescription, splitDescription } from '../post-text';
import { MentionText } from './mention-text';

/**
 * A post's description as React children only (never HTML): http(s) links clickable, @mentions open the member's
 * profile (`onOpenProfile`), promotion posts' own stored images inline (`imageBase`: where this app's stored files are; null for community posts, whose
 * markers stay text). Cut at 150 characters with 'ver mais' / 'ver menos'.
 */
export function PostDescription({
  text,
  mentions,
  imageBase,
  onOpenProfile,
}: {
  text: string;
  /** The post's members' current names (mentions show these). */
  mentions: MentionNames;
  imageBase: string | null;
  onOpenProfile: (userId: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const segments = useMemo(() => splitDescription(text, imageBase), [text, imageBase]);
  const preview = useMemo(() => previewDescription(segments), [segments]);
  if (segments.length === 0) return null;

  return (
    <div className="space-y-2 text-sm leading-relaxed text-zinc-200">
      <div id={id} className="space-y-3 [overflow-wrap:anywhere] whitespace-pre-line">
        {!expanded || !preview.truncated ? (
          <MentionText text={preview.text} mentions={mentions} onOpenProfile={onOpenProfile} />
        ) : (
          segments.map((segment, index) =>
            segment.type === 'text' ? (
              <MentionText
                // biome-ignore lint/suspicious/noArrayIndexKey: segments of immutable text, stable order.
                key={index}
                text={segment.value}
                mentions={mentions}
                onOpenProfile={onOpenProfile}
              />
            ) : (
              <img
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                src={segment.url}
                srcSet={imageSrcSet(segment.url)}
                sizes="(min-width: 768px) 640px, 100vw"
                alt="Imagem da publicação"
                loading="lazy"
                decoding="async"
                className="block max-h-[480px] w-auto max-w-full rounded-lg border border-border"
              />
            ),
          )
        )}
      </div>
      {preview.truncated ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="text-sm font-medium text-primary hover:text-green-300 focus-visible:underline focus-visible:outline-none"
        >
          {expanded ? 'ver menos' : 'ver mais'}
        </button>
      ) : null}
    </div>
  );
}
