import {
  BadgeCheck,
  Clapperboard,
  Copy,
  EyeOff,
  Factory,
  Gauge,
  Heart,
  Images,
  Layers,
  Library,
  Lock,
  type LucideIcon,
  Map as MapIcon,
  Megaphone,
  Package,
  Search,
  ShieldOff,
  TrendingUp,
  Trophy,
  Upload,
  Users,
  Video,
} from 'lucide-react';
import {
  DEFAULT_TAB,
  TAB_GROUPS,
  TAB_IDS,
  TAB_TABLE,
  type TabEntry,
  type TabGroup,
  type TabIconName,
  type TabId,
} from '../../../shared/dashboard-tabs';

export { DEFAULT_TAB, TAB_GROUPS, TAB_IDS, type TabGroup, type TabId };

/** The icons the tab table names (src/shared/dashboard-tabs.ts): a tab with a new icon fails the type check here. */
const ICONS: Record<TabIconName, LucideIcon> = {
  BadgeCheck,
  Clapperboard,
  Copy,
  EyeOff,
  Factory,
  Gauge,
  Heart,
  Images,
  Layers,
  Library,
  Lock,
  Map: MapIcon,
  Megaphone,
  Package,
  Search,
  ShieldOff,
  TrendingUp,
  Trophy,
  Upload,
  Users,
  Video,
};

export interface DashboardTab extends Omit<TabEntry, 'id' | 'title' | 'icon' | 'comingSoon'> {
  id: TabId;
  /** The header's title while the tab is open. */
  title: string;
  icon: LucideIcon;
  /** Disabled in the sidebar with an 'Em breve' badge. */
  comingSoon: boolean;
}

/** Every dashboard tab, in sidebar order (the table in src/shared/dashboard-tabs.ts, with its icon components). */
export const DASHBOARD_TABS: readonly DashboardTab[] = TAB_TABLE.map(
  (tab: TabEntry & { id: TabId; icon: TabIconName }) => ({
    ...tab,
    title: tab.title ?? tab.label,
    icon: ICONS[tab.icon],
    comingSoon: tab.comingSoon ?? false,
  }),
);

export function isTabId(value: unknown): value is TabId {
  return typeof value === 'string' && (TAB_IDS as readonly string[]).includes(value);
}

export function findTab(id: TabId): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.id === id) ?? DASHBOARD_TABS[0]!;
}
