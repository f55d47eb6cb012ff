import { AtSign } from 'lucide-react';
import { useState } from 'react';
import type { OfferDetail } from '../../../../shared/schemas/offers';

type Publisher = Pick<OfferDetail, 'userName' | 'userUniqueId' | 'userAvatar' | 'userInstagram'>;

/** Instagram handles are letters, digits, dots and underscores; anything else is shown, never linked. */
function instagramHandle(value: string | null) {
  const handle = value?.trim().replace(/^@+/, '') ?? '';
  return { handle, linkable: /^[A-Za-z0-9._]{1,30}$/.test(handle) };
}

/** Who published the offer: avatar (or initial), name, 'ID 123456' and the Instagram handle. */
export function PublisherBox({ offer }: { offer: Publisher }) {
  const [avatarBroken, setAvatarBroken] = useState(false);
  const name = offer.userName?.trim() || 'Equipe Clube Escala';
  const { handle, linkable } = instagramHandle(offer.userInstagram);
  return (
    <section
      aria-label="Publicado por"
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4"
    >
      {offer.userAvatar && !avatarBroken ? (
        <img
          src={offer.userAvatar}
          alt=""
          onError={() => setAvatarBroken(true)}
          className="h-12 w-12 shrink-0 rounded-full border border-border object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/15 text-lg font-bold text-green-300"
        >
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs tracking-wide text-muted uppercase">Publicado por</p>
        <p className="truncate font-semibold">{name}</p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
          {offer.userUniqueId ? <span className="font-mono">{`ID ${offer.userUniqueId}`}</span> : null}
          {handle && linkable ? (
            <a
              href={`https://instagram.com/${handle}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-pink-300 hover:text-pink-200"
            >
              <AtSign aria-hidden className="h-3.5 w-3.5" />
              {handle}
            </a>
          ) : handle ? (
            <span className="inline-flex items-center gap-1">
              <AtSign aria-hidden className="h-3.5 w-3.5" />
              {handle}
            </span>
          ) : null}
        </div>
      </div>
    </section>
  );
}
