import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** The author's avatar, or the first letter of the name when there is none (or it fails to load). */
export function AuthorAvatar({
  name,
  avatar,
  size = 'sm',
}: {
  name: string;
  avatar: string | null;
  size?: 'sm' | 'lg';
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const box = size === 'lg' ? 'h-14 w-14 text-xl' : 'h-8 w-8 text-sm';
  if (avatar && broken !== avatar) {
    return (
      <img
        src={avatar}
        alt={`Foto de ${name}`}
        onError={() => setBroken(avatar)}
        className={cn('shrink-0 rounded-full border border-primary/40 object-cover', box)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full border border-primary/40 bg-primary/15 font-bold text-green-300',
        box,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
