import { ExternalLink, LifeBuoy, MessageCircle, Users } from 'lucide-react';
import { useState } from 'react';
import type { DeferredOpenProps } from '../../../components/ui/deferred';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { SUPPORT_URL } from '../support';
import { NetworkingTutorialDialog } from './networking-tutorial-dialog';
import { SUPPORT_TRIGGER_CLASS } from './support-button';

/** The help menu itself (loaded after the first paint: support-button.tsx renders its stand-in until then). */
export function SupportMenu({ defaultOpen }: DeferredOpenProps) {
  const [tutorialOpen, setTutorialOpen] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger aria-label="Ajuda e suporte" className={SUPPORT_TRIGGER_CLASS}>
          <MessageCircle className="h-6 w-6" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="end" className="w-72">
          <DropdownMenuItem onSelect={() => setTutorialOpen(true)}>
            <Users className="h-4 w-4 shrink-0" aria-hidden />
            Como entrar no grupo de networking
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
              <LifeBuoy className="h-4 w-4 shrink-0" aria-hidden />
              <span className="flex-1">Suporte</span>
              <ExternalLink className="h-3.5 w-3.5 text-muted" aria-hidden />
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <NetworkingTutorialDialog open={tutorialOpen} onOpenChange={setTutorialOpen} />
    </>
  );
}
