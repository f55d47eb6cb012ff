import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { FullScreenLoading } from '../../components/ui/spinner';
import { NewOfferForm } from '../../features/admin-offers/components/new-offer-form';
import { useAdminOnly } from '../../features/admin-offers/hooks/use-admin-only';
import { ACTIVE_TAB_STORAGE_KEY } from '../../features/dashboard/hooks/use-active-tab';

/** /nova-oferta (administrator): publish a scaled offer, then back to the dashboard's Ofertas Escaladas tab. */
export default function NewOfferRoute() {
  const navigate = useNavigate();
  const isAdmin = useAdminOnly();
  if (!isAdmin) return <FullScreenLoading />;

  const onPublished = () => {
    try {
      localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ofertas-escaladas');
    } catch {
      // Storage blocked: the dashboard opens its default tab, which is the same one.
    }
    navigate('/dashboard');
  };

  return (
    <PageLayout
      title="Nova Oferta"
      subtitle="Publique uma oferta escalada no catálogo dos membros"
      onBack={() => navigate('/admin')}
      width="wide"
    >
      <NewOfferForm onPublished={onPublished} />
    </PageLayout>
  );
}
