import type { ReactNode } from 'react';

export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-zinc-300">{label}</p>
      <div className="flex min-h-10 items-center rounded-lg border border-border bg-background px-3 py-2 text-sm break-all text-zinc-200">
        {children}
      </div>
    </div>
  );
}
