import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { FullScreenLoading } from '../../components/ui/spinner';
import { EditOfferScreen } from '../../features/admin-offers/components/edit-offer-screen';
import { useAdminOnly } from '../../lib/session/use-admin-only';

/** /admin/editar-oferta/{id} (administrator). */
export default function AdminEditOfferRoute() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const isAdmin = useAdminOnly();
  if (!isAdmin) return <FullScreenLoading />;
  return (
    <PageLayout
      title="Editar Oferta"
      subtitle="Altere os dados da oferta escalada"
      onBack={() => navigate('/admin?tab=escaladas')}
      width="wide"
    >
      <EditOfferScreen key={id} id={id} />
    </PageLayout>
  );
}
