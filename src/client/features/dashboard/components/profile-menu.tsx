import { ChevronDown, LogOut, Shield, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Switch } from '../../../components/ui/switch';
import { useAdminMode } from '../../../lib/admin-mode';
import { useLogout } from '../../auth/api/use-logout';

export function ProfileMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [adminMode, setAdminMode] = useAdminMode();
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        title="Menu do perfil"
        className="flex items-center gap-2 rounded-full p-1 pr-2 transition-colors hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
      >
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
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>
          <span className="block truncate">{user.name}</span>
          <span className="block truncate text-xs font-normal text-muted">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/perfil')}>
          <User className="h-4 w-4" aria-hidden />
          Perfil
        </DropdownMenuItem>
        {user.isAdmin ? (
          <>
            <DropdownMenuCheckboxItem
              checked={adminMode}
              onCheckedChange={setAdminMode}
              // Keep the menu open so the switch can be seen changing.
              onSelect={(event) => event.preventDefault()}
            >
              <Shield className="h-4 w-4" aria-hidden />
              <span className="flex-1">Modo Admin</span>
              <Switch checked={adminMode} tabIndex={-1} aria-hidden className="pointer-events-none" />
            </DropdownMenuCheckboxItem>
            <DropdownMenuItem onSelect={() => navigate('/admin')}>
              <Shield className="h-4 w-4 text-primary" aria-hidden />
              <span className="flex-1">Painel Admin</span>
              {adminMode ? (
                <span
                  role="img"
                  aria-label="Modo Admin ativo"
                  className="h-2.5 w-2.5 rounded-full bg-danger"
                />
              ) : null}
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
          className="text-red-400 data-[highlighted]:text-red-300"
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Sair da Conta
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
