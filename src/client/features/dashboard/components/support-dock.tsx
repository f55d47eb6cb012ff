import { useRef } from 'react';
import { useClearOfControls } from '../../../lib/clear-of-controls';
import { cn } from '../../../lib/cn';
import { SupportMenu } from './support-menu';

/**
 * The help button's place, bottom-right: it slides out to the side whenever a control of the page lies under it (or,
 * on a phone, while the member types), so it never covers a button, a field or a link; it slides back as soon as the
 * place is clear. Keyboard focus brings it back.
 */
export default function SupportDock() {
  const dock = useRef<HTMLDivElement>(null);
  const clear = useClearOfControls(dock);
  return (
    <div
      ref={dock}
      data-support-dock=""
      className={cn(
        'fixed right-4 bottom-4 z-30 rounded-full transition-transform duration-200 motion-reduce:transition-none',
        clear ? 'translate-x-0' : 'pointer-events-none translate-x-[calc(100%+2rem)]',
      )}
    >
      <SupportMenu />
    </div>
  );
}
