import { ExternalLink, ImageOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminBanners } from '../../../../shared/schemas/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAdminBanners } from '../api/use-admin-banners';
import { useRemoveBanner } from '../api/use-remove-banner';
import { BannerForm } from './banner-form';

function ActiveBannerStatus({ data }: { data: AdminBanners }) {
  const remove = useRemoveBanner();
  const [broken, setBroken] = useState<string | null>(null);
  const banner = data.hasActiveBanner ? data.banner : null;
  if (!banner) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border py-10 text-center text-muted">
        <ImageOff className="h-6 w-6 opacity-60" aria-hidden />
        <p className="text-sm font-medium">Nenhum banner ativo</p>
        <p className="text-xs">As Ofertas Escaladas aparecem sem banner.</p>
      </div>
    );
  }
  const safeLink = banner.link && /^https?:\/\//i.test(banner.link) ? banner.link : null;
  return (
    <div className="space-y-3">
      {broken === banner.imageUrl ? (
        <div className="flex aspect-[1920/328] items-center justify-center rounded-lg border border-border bg-surface-2 text-sm text-muted">
          Imagem indisponível
        </div>
      ) : (
        <img
          src={banner.imageUrl}
          alt="Banner ativo"
          onError={() => setBroken(banner.imageUrl)}
          className="aspect-[1920/328] w-full rounded-lg border border-border object-cover"
        />
      )}
      <div className="text-sm">
        <span className="text-muted">Link: </span>
        {safeLink ? (
          <a
            href={safeLink}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 break-all text-primary hover:underline"
          >
            {safeLink}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
          </a>
        ) : (
          <span className="text-zinc-400">Sem link</span>
        )}
      </div>
      <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(banner.id)}>
        {remove.isPending ? <Spinner /> : <Trash2 className="h-4 w-4" aria-hidden />}
        Remover banner
      </Button>
    </div>
  );
}

/** The admin's 'Banners' tab: one active banner shown above the scaled offers. */
export default function BannersTab() {
  const banners = useAdminBanners();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BannerForm />
      <Card className="h-fit space-y-4">
        <div className="flex items-center gap-2">
          <h2 className="font-semibold">Status</h2>
          {banners.data ? (
            <Badge variant={banners.data.hasActiveBanner ? 'primary' : 'default'}>
              {banners.data.hasActiveBanner ? 'Ativo' : 'Inativo'}
            </Badge>
          ) : null}
        </div>
        {banners.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="h-6 w-6 text-primary" />
          </div>
        ) : banners.isError ? (
          <p
            role="alert"
            className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm text-red-200"
          >
            Não foi possível carregar o banner. {errorMessage(banners.error, '')}
          </p>
        ) : (
          <ActiveBannerStatus data={banners.data} />
        )}
      </Card>
    </div>
  );
}
