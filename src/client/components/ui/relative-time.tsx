import { formatExactDateTime, formatRelativeTime } from '../../lib/relative-time';
import { useClock } from '../../lib/use-clock';

/**
 * When something was written, as 'há 5 min' (lib/relative-time.ts), kept up to date while the page is open; the
 * exact date and time (dd/MM/yyyy, HH:mm) is in the element's datetime, its title (hover) and read by screen
 * readers after the relative text.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const now = useClock();
  const exact = formatExactDateTime(value);
  return (
    <time dateTime={value} title={exact} className={className}>
      {formatRelativeTime(value, now)}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}
