import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { FullScreenLoading } from '../../components/ui/spinner';
import { NewOfferForm } from '../../features/admin-offers/components/new-offer-form';
import { requestDashboardTab } from '../../lib/dashboard-tab';
import { useAdminOnly } from '../../lib/session/use-admin-only';

/** /nova-oferta (administrator): publish a scaled offer, then back to the dashboard's Ofertas Escaladas tab. */
export default function NewOfferRoute() {
  const navigate = useNavigate();
  const isAdmin = useAdminOnly();
  if (!isAdmin) return <FullScreenLoading />;

  const onPublished = () => {
    requestDashboardTab('ofertas-escaladas');
    navigate('/dashboard');
  };

  return (
    <PageLayout
      title="Nova Oferta"
      subtitle="Publique uma oferta escalada no catálogo dos membros"
      onBack={() => navigate('/admin?tab=escaladas')}
      width="wide"
    >
      <NewOfferForm onPublished={onPublished} />
    </PageLayout>
  );
}
