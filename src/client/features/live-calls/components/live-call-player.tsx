import { X } from 'lucide-react';
import type { VideoEmbed } from '../../../../shared/live-call-embed';
import { Button } from '../../../components/ui/button';
import { VideoEmbedFrame } from '../../../components/video-embed-frame';

/**
 * The inline player: the recording's title, a close button and the video frame, which tries the 4
 * embed variants in order and offers the video site when all fail.
 */
export function LiveCallPlayer({
  embed,
  title,
  onClose,
}: {
  embed: VideoEmbed;
  title: string;
  onClose: () => void;
}) {
  return (
    <section
      aria-label={`Player: ${title}`}
      className="space-y-3 rounded-xl border border-border bg-surface p-3 sm:p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words">{title}</h2>
        <Button variant="ghost" size="icon" aria-label="Fechar player" onClick={onClose}>
          <X aria-hidden className="h-4 w-4" />
        </Button>
      </div>
      <VideoEmbedFrame key={embed.watchUrl} embed={embed} title={title} />
    </section>
  );
}
