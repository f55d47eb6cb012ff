import { Copy, ExternalLink, Link2 } from 'lucide-react';
import type { OfferLinks as Links } from '../../../../shared/schemas/offers';
import { toast } from '../../../lib/toast';

const LINKS: Array<[keyof Links, string]> = [
  ['criativo', 'Criativo'],
  ['biblioteca', 'Biblioteca'],
  ['site', 'Site'],
  ['anunciante', 'Anunciante'],
];

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copiado!');
  } catch {
    toast.error('Erro ao copiar', { description: 'Não foi possível copiar o link.' });
  }
}

const iconButton =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2 text-muted transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60';

/** The offer's four links, each with copy and open (new tab); missing ones are left out. */
export function OfferLinks({ links }: { links: Links }) {
  const present = LINKS.flatMap(([key, label]) => {
    const url = links[key]?.trim();
    return url ? [{ key, label, url }] : [];
  });
  return (
    <section className="rounded-xl border border-border bg-surface p-4">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <Link2 aria-hidden className="h-4 w-4 text-primary" />
        Links
      </h2>
      {present.length === 0 ? (
        <p className="text-sm text-muted">Nenhum link disponível para esta oferta.</p>
      ) : (
        <ul className="space-y-2">
          {present.map(({ key, label, url }) => (
            <li key={key} className="flex items-center gap-2 rounded-lg bg-surface-2/60 py-1.5 pr-1.5 pl-3">
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium text-muted">{label}</p>
                <p className="truncate text-sm" title={url}>
                  {url}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Copiar link ${label}`}
                onClick={() => copyLink(url)}
                className={iconButton}
              >
                <Copy aria-hidden className="h-4 w-4" />
              </button>
              {/* Only http(s) links open; anything else can still be copied. */}
              {isWebUrl(url) ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Abrir link ${label}`}
                  className={iconButton}
                >
                  <ExternalLink aria-hidden className="h-4 w-4" />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
