import type { UserOffer } from '../../../../shared/schemas/offers';
import { Card } from '../../../components/ui/card';
import { AuthorAvatar } from './author-avatar';

/** Who sent the offer: avatar (or initial), name, six-digit id and Instagram handle. */
export function AuthorBox({ author }: { author: UserOffer['author'] }) {
  return (
    <Card className="flex items-center gap-4">
      <AuthorAvatar name={author.name} avatar={author.avatar} size="lg" />
      <div className="min-w-0 space-y-0.5">
        <p className="text-xs tracking-wider text-muted uppercase">Enviada por</p>
        <p className="truncate text-lg font-semibold">{author.name}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
          <span>ID {author.uniqueId}</span>
          {author.instagram ? (
            <span className="text-zinc-300">@{author.instagram.replace(/^@/, '')}</span>
          ) : (
            <span>Instagram não informado</span>
          )}
        </p>
      </div>
    </Card>
  );
}
