import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SAO_PAULO_TIME_ZONE, saoPauloMonth } from '../../../../shared/sao-paulo-month';

const monthName = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: SAO_PAULO_TIME_ZONE,
});

/** 'novembro de 2026' → 'Novembro de 2026'. */
export function currentMonthLabel(now: Date): string {
  const label = monthName.format(now);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** What is left until `end`, split for the countdown (never negative). */
export function timeLeft(now: Date, end: Date) {
  const total = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The countdown to the end of the month in São Paulo time, refreshed every second. */
export function Countdown() {
  const now = useNow(1000);
  const left = timeLeft(now, saoPauloMonth(now).end);
  const units = [
    [left.days, left.days === 1 ? 'dia' : 'dias'],
    [left.hours, 'horas'],
    [left.minutes, 'min'],
    [left.seconds, 'seg'],
  ] as const;
  return (
    <div className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Clock aria-hidden className="h-4 w-4 shrink-0" />
        {/* One inline run of text: as separate flex items the words wrapped into columns on phones. */}
        <span>
          Ranking de <span className="font-semibold text-foreground">{currentMonthLabel(now)}</span> termina
          em
        </span>
      </p>
      <div
        role="timer"
        aria-label={`${left.days} dias, ${left.hours} horas, ${left.minutes} minutos e ${left.seconds} segundos`}
        className="mt-3 grid grid-cols-4 gap-2"
      >
        {units.map(([value, label]) => (
          <div key={label} aria-hidden className="rounded-lg bg-surface-2 px-2 py-2 text-center">
            <span className="block text-xl font-bold tabular-nums sm:text-2xl">{pad(value)}</span>
            <span className="text-xs text-muted">{label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
