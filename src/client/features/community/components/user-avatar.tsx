import { useState } from 'react';
import { imageSrcSet } from '../../../../shared/image-variants';
import { cn } from '../../../lib/cn';

const SIZES = {
  sm: 'h-8 w-8 text-sm',
  md: 'h-10 w-10 text-base',
  lg: 'h-16 w-16 text-2xl',
  xl: 'h-20 w-20 text-3xl',
};

/** A member's photo, or the first letter of the name when there is none (or it fails to load). */
export function UserAvatar({
  name,
  avatar,
  size = 'md',
  className,
}: {
  name: string;
  avatar: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const box = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-green-300 ring-1 ring-border',
    SIZES[size],
    className,
  );
  if (!avatar || broken) {
    return (
      <span aria-hidden className={box}>
        {initial}
      </span>
    );
  }
  const srcSet = imageSrcSet(avatar);
  return (
    <span aria-hidden className={box}>
      <img
        src={avatar}
        srcSet={srcSet}
        sizes={srcSet ? '80px' : undefined}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="h-full w-full object-cover"
      />
    </span>
  );
}

/**
 * The photo as a mouse and touch target beside a member's name button (the name carries the accessible
 * 'Ver perfil de …'; this copy is hidden from assistive technology and out of the tab order).
 */
export function AvatarButton({
  onClick,
  ...avatar
}: Parameters<typeof UserAvatar>[0] & { onClick: () => void }) {
  return (
    <button type="button" tabIndex={-1} aria-hidden onClick={onClick} className="shrink-0 rounded-full">
      <UserAvatar {...avatar} />
    </button>
  );
}
