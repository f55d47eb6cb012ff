import { ArrowLeft, type LucideIcon } from 'lucide-react';
import {
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { LoadingBlock } from './query-state';

export interface AdminTab {
  id: string;
  label: string;
  icon: LucideIcon;
  content: () => ReactNode;
}

/** A tab whose screen is its own chunk (the tabs of other features: the app's route composes them). */
export function LazyTab({ screen: Screen }: { screen: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <Screen />
    </Suspense>
  );
}

/**
 * Default tab 'dashboard' (Visão geral: the owner's first look is how the club is doing; the spec's default was
 * 'escaladas', changed by issue #41); ?tab= selects another (e.g. 'ofertas-usuarios').
 */
export const DEFAULT_ADMIN_TAB = 'dashboard';

/** The admin panel's frame: its tabs come from app/routes/admin.tsx, the one table of the admin tabs. */
export function AdminPanel({ tabs }: { tabs: readonly AdminTab[] }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = tabs.some((t) => t.id === requested) ? (requested as string) : DEFAULT_ADMIN_TAB;
  const listRef = useRef<HTMLDivElement>(null);

  // On phones the tab strip scrolls sideways: keep the selected tab in view (e.g. after ?tab=).
  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${tab}"]`);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <main className="min-h-dvh bg-background px-4 py-6 md:px-8">
      <div className="mx-auto max-w-screen-2xl space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">Painel Admin</h1>
            <p className="text-sm text-muted">Gerencie usuários, conteúdo e integrações do clube</p>
          </div>
          <Button variant="secondary" onClick={() => navigate('/')}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Voltar ao Dashboard
          </Button>
        </div>
        <Tabs
          value={tab}
          onValueChange={(next) =>
            setParams(next === DEFAULT_ADMIN_TAB ? {} : { tab: next }, { replace: true })
          }
        >
          <TabsList ref={listRef} aria-label="Seções do painel">
            {tabs.map(({ id, label, icon: Icon }) => (
              <TabsTrigger key={id} value={id} data-tab-id={id}>
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ id, content }) => (
            <TabsContent key={id} value={id}>
              {content()}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </main>
  );
}
