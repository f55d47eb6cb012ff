import type { CurrentUser } from '../../../../shared/schemas/auth';
import { deferred } from '../../../components/ui/deferred';
import { useAdminMode } from '../../../lib/admin-mode';
import { PROFILE_TRIGGER_CLASS, ProfileFace } from './profile-face';

/** The header's profile menu: the Radix menu loads after the first paint (components/ui/deferred.tsx). */
export const ProfileMenu = deferred<{ user: CurrentUser }>(
  () => import('./profile-dropdown').then((m) => m.ProfileDropdown),
  function ProfileStandIn({ user, standIn }) {
    const [adminMode] = useAdminMode();
    return (
      <button {...standIn} title="Menu do perfil" className={PROFILE_TRIGGER_CLASS}>
        <ProfileFace user={user} adminMode={adminMode} />
      </button>
    );
  },
  'menu',
);
