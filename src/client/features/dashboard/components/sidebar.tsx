import { TrendingUp, X } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { DASHBOARD_TABS, TAB_GROUPS, type TabId } from '../tabs';

/**
 * The tab list. Desktop: a column beside the content that the header button shows or hides.
 * Phones: an overlay drawer over a dimmed page, closed by default.
 */
export function Sidebar({
  open,
  mobile,
  activeTab,
  onSelect,
  onClose,
}: {
  open: boolean;
  mobile: boolean;
  activeTab: TabId;
  onSelect: (id: TabId) => void;
  onClose: () => void;
}) {
  // The phone drawer closes with Escape like any overlay.
  useEffect(() => {
    if (!open || !mobile) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, mobile, onClose]);

  if (!open) return null;
  return (
    <>
      {mobile ? (
        <button
          type="button"
          aria-label="Fechar menu"
          className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm"
          onClick={onClose}
        />
      ) : null}
      <aside
        id="dashboard-sidebar"
        aria-label="Ferramentas"
        className={cn(
          'flex w-72 shrink-0 flex-col border-r border-border bg-surface',
          mobile
            ? 'fixed inset-y-0 left-0 z-50 max-w-[85vw] shadow-2xl shadow-black/60'
            : 'sticky top-0 h-dvh',
        )}
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
          <div className="flex items-center gap-2 font-bold">
            <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <TrendingUp className="h-5 w-5" aria-hidden />
            </span>
            Clube Escala
          </div>
          {mobile ? (
            <button
              type="button"
              aria-label="Fechar menu"
              onClick={onClose}
              className="rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-foreground"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          ) : null}
        </div>
        <nav className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
          {TAB_GROUPS.map((group) => (
            <div key={group}>
              <p className="mb-1.5 px-3 text-xs font-semibold tracking-wider text-zinc-400 uppercase">
                {group}
              </p>
              <ul className="space-y-0.5">
                {DASHBOARD_TABS.filter((tab) => tab.group === group).map((tab) => {
                  const Icon = tab.icon;
                  const active = tab.id === activeTab;
                  return (
                    <li key={tab.id}>
                      <button
                        type="button"
                        disabled={tab.comingSoon}
                        aria-current={active ? 'page' : undefined}
                        onClick={() => onSelect(tab.id)}
                        className={cn(
                          'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm transition-colors',
                          active
                            ? 'bg-primary/15 font-semibold text-green-300'
                            : 'text-zinc-300 hover:bg-surface-2 hover:text-foreground',
                          tab.comingSoon &&
                            'cursor-not-allowed opacity-50 hover:bg-transparent hover:text-zinc-300',
                        )}
                      >
                        <Icon className="h-4 w-4 shrink-0" aria-hidden />
                        <span className="min-w-0 flex-1 truncate">{tab.label}</span>
                        {tab.comingSoon ? <Badge variant="warning">Em breve</Badge> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
    </>
  );
}
