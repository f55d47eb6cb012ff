import { ChevronDown } from 'lucide-react';
import type { CurrentUser } from '../../../../shared/schemas/auth';

export const PROFILE_TRIGGER_CLASS =
  'flex items-center gap-2 rounded-full p-1 pr-2 transition-colors hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60';

/** Initial, admin-mode dot, name and chevron: the same on the stand-in and on the menu's trigger. */
export function ProfileFace({ user, adminMode }: { user: CurrentUser; adminMode: boolean }) {
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <>
      {/* Named 'Menu do perfil' plus the visible name (WCAG 2.5.3: the name contains what is shown). */}
      <span className="sr-only">Menu do perfil: </span>
      <span
        aria-hidden
        className="relative flex h-8 w-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
      >
        {initial}
        {user.isAdmin && adminMode ? (
          <span className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full border-2 border-surface bg-danger" />
        ) : null}
      </span>
      <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.name}</span>
      <ChevronDown className="hidden h-4 w-4 text-muted sm:block" aria-hidden />
    </>
  );
}
