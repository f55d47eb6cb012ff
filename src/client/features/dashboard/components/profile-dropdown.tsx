import { Download, LogOut, Shield, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { DeferredOpenProps } from '../../../components/ui/deferred';
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
import { promptInstall, useInstallState } from '../../../lib/pwa/pwa';
import { useLogout } from '../../../lib/session/use-logout';
import { toast } from '../../../lib/toast';
import { PROFILE_TRIGGER_CLASS, ProfileFace } from './profile-face';

/** The profile menu itself (loaded after the first paint: profile-menu.tsx renders its stand-in until then). */
export function ProfileDropdown({ user, defaultOpen }: { user: CurrentUser } & DeferredOpenProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [adminMode, setAdminMode] = useAdminMode();
  const install = useInstallState();

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger title="Menu do perfil" className={PROFILE_TRIGGER_CLASS}>
        <ProfileFace user={user} adminMode={adminMode} />
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
        {install === 'available' || install === 'ios' ? (
          <DropdownMenuItem
            onSelect={() => {
              if (install === 'available') void promptInstall();
              else
                toast('Instalar o app no iPhone', {
                  id: 'install-ios',
                  description: 'No Safari, toque em Compartilhar → Adicionar à Tela de Início.',
                  duration: 15_000,
                });
            }}
          >
            <Download className="h-4 w-4" aria-hidden />
            Instalar o app
          </DropdownMenuItem>
        ) : null}
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
