import { CornerDownRight, ExternalLink, ImageOff } from 'lucide-react';
import { parseHttpUrl } from '../../../shared/http-url';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import { formatBRL } from '../../lib/format';
import { useStoredImage } from '../../lib/use-stored-image';
import { Badge } from '../ui/badge';
import { displayUrl, entryName, finalUrlShown, statusBadge, toolsByKind } from './funnel-view';

/**
 * Rendered width of a screenshot. The map's box (FunnelSteps, a CSS container) holds one column of cards, then two;
 * from 56rem wide each card puts a 12rem picture beside its text (about 1024 px of screen in the app's layouts).
 */
export const FUNNEL_SCREENSHOT_SIZES = '(min-width: 1024px) 192px, (min-width: 640px) 50vw, 100vw';

/**
 * The box every screenshot (or its placeholder) fills: phone proportions, the top of the page shown; in one column
 * (a phone) at most 20rem tall. A checkout link is never opened: its card has no box at all.
 */
const SCREEN_BOX =
  'relative aspect-[3/4] max-h-80 shrink-0 overflow-hidden border-b border-border bg-surface-2 @4xl:max-h-none @4xl:w-48 @4xl:self-start @4xl:border-r @4xl:border-b-0';

function Placeholder({ pending }: { pending: boolean }) {
  return (
    <div className={SCREEN_BOX}>
      <div
        className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted"
        aria-busy={pending || undefined}
      >
        {pending ? (
          <span aria-hidden className="h-8 w-8 animate-pulse rounded-full bg-border" />
        ) : (
          <ImageOff aria-hidden className="h-8 w-8 opacity-60" />
        )}
        <span>{pending ? 'Capturando imagem…' : 'Sem imagem'}</span>
      </div>
    </div>
  );
}

/** The page's phone-width picture from its resized copies, lazily; a placeholder when absent or broken. */
function Screenshot({ url, name, pending }: { url: string | undefined; name: string; pending: boolean }) {
  const image = useStoredImage(url ?? '');
  if (!url || image.broken) return <Placeholder pending={pending && !url} />;
  return (
    <div className={SCREEN_BOX}>
      <img
        src={url}
        srcSet={image.srcSet}
        sizes={image.srcSet ? FUNNEL_SCREENSHOT_SIZES : undefined}
        alt={`Captura da página ${name}`}
        loading="lazy"
        decoding="async"
        onError={image.fail}
        className="absolute inset-0 h-full w-full object-cover object-top"
      />
    </div>
  );
}

/** The page's address, opened in a new tab when it is a web address; shortened on screen, whole in its name. */
function EntryLink({ url }: { url: string }) {
  const shown = displayUrl(url);
  if (!parseHttpUrl(url)) {
    return (
      <p className="truncate font-mono text-xs text-muted" title={url}>
        {url}
      </p>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      title={url}
      aria-label={`${url} (abre em nova aba)`}
      className="flex min-w-0 items-center gap-1 rounded font-mono text-xs text-sky-300 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
    >
      <span className="truncate">{shown}</span>
      <ExternalLink aria-hidden className="h-3.5 w-3.5 shrink-0" />
    </a>
  );
}

function CheckoutFacts({ checkout }: { checkout: NonNullable<FunnelEntry['checkout']> }) {
  // The spaces between the facts are for screen readers (a flex box lays them out with its gap).
  return (
    <p
      data-testid="checkout-facts"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-primary/30 bg-primary/10 px-3 py-2 text-sm"
    >
      <span className="inline-flex min-w-0 items-center font-semibold text-green-200">
        <span className="sr-only">Plataforma: </span>
        <span className="truncate">{checkout.platform}</span>
      </span>{' '}
      {checkout.productCode ? (
        <span className="min-w-0 break-all text-zinc-300">
          Código <span className="font-mono">{checkout.productCode}</span>
        </span>
      ) : null}{' '}
      {checkout.price !== undefined ? (
        <span className="font-semibold whitespace-nowrap tabular-nums">
          <span className="sr-only">Preço: </span>
          {formatBRL(checkout.price)}
        </span>
      ) : null}
    </p>
  );
}

function Tools({ tools }: { tools: FunnelEntry['tools'] }) {
  const groups = toolsByKind(tools);
  if (groups.length === 0) return <p className="text-xs text-muted">Nenhuma ferramenta identificada.</p>;
  return (
    <dl className="space-y-1.5">
      {groups.map(({ kind, label, names }) => (
        <div key={kind} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <dt className="text-[11px] tracking-wide text-muted uppercase">{label}</dt>
          <dd className="flex min-w-0 max-w-full flex-wrap gap-1.5">
            {names.map((name) => (
              <span
                key={name}
                className="max-w-full truncate rounded-md border border-border bg-surface-2 px-2 py-0.5 text-xs text-zinc-300"
              >
                {name}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One page (or checkout link) of a funnel: its screenshot, name, address, where it ended, HTTP status, tools and,
 * for a checkout, the platform, product code and price. `pending`: the screenshots are still being taken.
 */
export function FunnelEntryCard({ entry, pending = false }: { entry: FunnelEntry; pending?: boolean }) {
  const name = entryName(entry);
  const status = statusBadge(entry.status);
  // A checkout link is another company's site: it is never opened, so it never gets a picture.
  const awaitingPicture = pending && entry.status !== 0;
  const endsAt = finalUrlShown(entry);
  return (
    <article className="flex h-full min-w-0 flex-col overflow-hidden @4xl:flex-row rounded-xl border border-border bg-surface shadow-lg shadow-black/20">
      {entry.status === 0 ? null : (
        <Screenshot url={entry.screenshotUrl} name={name} pending={awaitingPicture} />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="min-w-0 space-y-1">
          <div className="flex items-start justify-between gap-2">
            <h4 className="line-clamp-2 min-w-0 font-semibold leading-snug break-words" title={name}>
              {name}
            </h4>
            {entry.status === 0 ? (
              <Badge variant={status.variant}>{status.label}</Badge>
            ) : (
              <Badge variant={status.variant} className="tabular-nums" title={`Status HTTP: ${status.label}`}>
                <span className="sr-only">Status HTTP </span>
                {status.label}
              </Badge>
            )}
          </div>
          <EntryLink url={entry.url} />
          {endsAt ? (
            <p className="flex min-w-0 items-center gap-1 text-xs text-muted" title={entry.finalUrl}>
              <CornerDownRight aria-hidden className="h-3.5 w-3.5 shrink-0" />
              <span className="shrink-0">Termina em </span>
              <span className="truncate font-mono">{endsAt}</span>
            </p>
          ) : null}
        </div>
        {entry.checkout ? <CheckoutFacts checkout={entry.checkout} /> : null}
        <Tools tools={entry.tools} />
      </div>
    </article>
  );
}
