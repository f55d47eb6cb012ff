import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { ADMIN_CARD_IMAGE_SIZES } from '../../../../shared/image-variants';
import { CreativePreview } from '../../../components/offer-form/creative-preview';

/** The card's creative (16:9) or 'Nenhum criativo disponível'; a broken one reads 'Imagem indisponível'. */
export function CardCreative({
  creative,
  type,
  alt,
  priority = false,
  children,
}: {
  creative: string | null;
  type: 'image' | 'video';
  alt: string;
  /** The grid's first card: its image is the panel's largest paint, loaded at once. */
  priority?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="relative aspect-video overflow-hidden bg-surface-2">
      {creative ? (
        <CreativePreview
          key={creative}
          src={creative}
          type={type}
          alt={alt}
          sizes={ADMIN_CARD_IMAGE_SIZES}
          priority={priority}
        />
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-2 text-muted">
          <ImageOff aria-hidden className="h-7 w-7 opacity-60" />
          <span className="text-sm">Nenhum criativo disponível</span>
        </div>
      )}
      {children}
    </div>
  );
}

export function Chip({ children }: { children: ReactNode }) {
  return (
    <span className="truncate rounded-md border border-border bg-surface-2 px-2 py-0.5 text-xs text-zinc-300">
      {children}
    </span>
  );
}

export function Metric({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-surface-2/70 px-2 py-1.5">
      <dt className="text-[11px] tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-14 text-center text-muted">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-2">{icon}</span>
      <p className="text-sm font-medium">{children}</p>
    </div>
  );
}

export function CardGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div aria-hidden className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <div key={index} className="overflow-hidden rounded-xl border border-border bg-surface">
          <div className="aspect-video animate-pulse bg-surface-2" />
          <div className="space-y-3 p-4">
            <div className="h-4 w-3/4 animate-pulse rounded bg-surface-2" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-surface-2" />
            <div className="grid grid-cols-3 gap-2">
              <div className="h-11 animate-pulse rounded-lg bg-surface-2" />
              <div className="h-11 animate-pulse rounded-lg bg-surface-2" />
              <div className="h-11 animate-pulse rounded-lg bg-surface-2" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
