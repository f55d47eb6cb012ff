import { PushDeviceToggle } from '../../../components/push-device-toggle';
import { NotificationPreferencesCard } from './notification-preferences-card';

/** /perfil's 'Notificações' with this device's push switch: its own chunk, loaded below the first screen. */
export default function NotificationsSection() {
  return <NotificationPreferencesCard pushDevice={<PushDeviceToggle />} />;
}
