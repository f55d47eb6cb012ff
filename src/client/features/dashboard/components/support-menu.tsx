import { ExternalLink, LifeBuoy, MessageCircle, Users } from 'lucide-react';
import { useState } from 'react';
import { SUPPORT_PATH } from '../../../../shared/club';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { NetworkingTutorialDialog } from './networking-tutorial-dialog';

const SUPPORT_TRIGGER_CLASS =
  'flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-black/40 transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-primary/40';

/** The help menu: the networking-group tutorial and the support chat (through /suporte). */
export function SupportMenu() {
  const [tutorialOpen, setTutorialOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger aria-label="Ajuda e suporte" className={SUPPORT_TRIGGER_CLASS}>
          <MessageCircle className="h-6 w-6" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="end" className="w-72">
          <DropdownMenuItem onSelect={() => setTutorialOpen(true)}>
            <Users className="h-4 w-4 shrink-0" aria-hidden />
            Como entrar no grupo de networking
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={SUPPORT_PATH} target="_blank" rel="noopener noreferrer">
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
