import { PanelLeft } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useActiveTab } from '../hooks/use-active-tab';
import { type DashboardTab, findTab } from '../tabs';
import { Sidebar } from './sidebar';
import { SupportButton } from './support-button';

/**
 * The signed-in dashboard: sidebar of tabs, header (toggle, tab title and subtitle, `headerActions`
 * such as the bell and the profile menu), the active tab's content and the floating support button.
 */
export function DashboardShell({
  headerActions,
  renderTab,
}: {
  headerActions: ReactNode;
  renderTab: (tab: DashboardTab) => ReactNode;
}) {
  const mobile = useIsMobile();
  const [activeTab, setActiveTab] = useActiveTab();
  // Open by default on wide screens; a closed drawer by default on phones.
  const [sidebarOpen, setSidebarOpen] = useState(() => !mobile);
  useEffect(() => setSidebarOpen(!mobile), [mobile]);
  const tab = findTab(activeTab);

  return (
    <div className="flex min-h-dvh bg-background">
      <Sidebar
        open={sidebarOpen}
        mobile={mobile}
        activeTab={activeTab}
        onSelect={(id) => {
          setActiveTab(id);
          if (mobile) setSidebarOpen(false);
        }}
        onClose={() => setSidebarOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur">
          <div className="flex items-center gap-3 px-4 py-3 md:px-6">
            <button
              type="button"
              aria-label={sidebarOpen ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={sidebarOpen}
              aria-controls="dashboard-sidebar"
              onClick={() => setSidebarOpen((open) => !open)}
              className="rounded-lg p-2 text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
            >
              <PanelLeft className="h-5 w-5" aria-hidden />
            </button>
            <div className="min-w-0 flex-1">
              {/* Whole on every width: a long title wraps (balanced) instead of being cut. */}
              <h1 className="text-lg leading-snug font-bold text-balance md:text-xl">{tab.title}</h1>
              <p className="hidden text-sm text-muted sm:block">{tab.subtitle}</p>
            </div>
            <div className="flex shrink-0 items-center gap-1 sm:gap-2">{headerActions}</div>
          </div>
          {/* Phones: the subtitle gets its own line instead of being cut. */}
          <p className="px-4 pb-3 text-sm text-muted sm:hidden">{tab.subtitle}</p>
        </header>
        <main className="flex-1 px-4 pt-6 pb-24 md:px-6">{renderTab(tab)}</main>
      </div>
      <SupportButton />
    </div>
  );
}
