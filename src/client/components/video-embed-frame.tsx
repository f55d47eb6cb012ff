import { ExternalLink, VideoOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { EMBED_TIMEOUT_MS, type VideoEmbed } from '../../shared/live-call-embed';
import { buttonClass } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * A video site's player in a 16:9 box (the live calls' recordings, the beginner map's lessons): tries the embed's
 * variants in order, moving on after a load error or 10 s without loading; when all fail, an error with a button
 * to watch on the video site. Give it `key` = the video, so another video starts from its first variant.
 */
export function VideoEmbedFrame({ embed, title }: { embed: VideoEmbed; title: string }) {
  const [variant, setVariant] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const src = embed.embedUrls[variant];
  // React binds no `error` handler on an iframe: listen natively (a browser that reports a frame's load
  // failure moves on at once; the others are caught by the time-out below). Each variant is a new iframe.
  const frameRef = useCallback((frame: HTMLIFrameElement | null) => {
    if (!frame) return;
    const next = () => {
      setLoaded(false);
      setVariant((v) => v + 1);
    };
    frame.addEventListener('error', next);
    return () => frame.removeEventListener('error', next);
  }, []);

  useEffect(() => {
    if (!src || loaded) return;
    const timer = setTimeout(() => setVariant((v) => v + 1), EMBED_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src, loaded]);

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
      {src ? (
        <>
          <iframe
            key={src}
            src={src}
            title={`Vídeo: ${title}`}
            className="absolute inset-0 h-full w-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            // The app sends no referrer; the video sites' players need the page's origin to start.
            referrerPolicy="strict-origin-when-cross-origin"
            ref={frameRef}
            onLoad={() => setLoaded(true)}
          />
          {loaded ? null : (
            <div
              role="status"
              aria-label="Carregando vídeo"
              className="pointer-events-none absolute inset-0 flex items-center justify-center"
            >
              <Spinner className="h-8 w-8 text-primary" />
            </div>
          )}
        </>
      ) : (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center"
        >
          <VideoOff aria-hidden className="h-8 w-8 text-muted" />
          <p className="text-sm text-zinc-300">Não foi possível carregar o vídeo aqui.</p>
          <a
            href={embed.watchUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'primary' })}
          >
            <ExternalLink aria-hidden className="h-4 w-4" />
            Assistir no {embed.site}
          </a>
        </div>
      )}
    </div>
  );
}
