import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { FullScreenLoading } from '../../components/ui/spinner';
import {
  EditUserOfferScreen,
  USER_OFFERS_TAB_PATH,
} from '../../features/admin-offers/components/edit-user-offer-screen';
import { useAdminOnly } from '../../lib/session/use-admin-only';

/** /admin/editar-oferta-usuario/{id} (administrator). */
export default function AdminEditUserOfferRoute() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const isAdmin = useAdminOnly();
  if (!isAdmin) return <FullScreenLoading />;
  return (
    <PageLayout
      title="Editar Oferta do Usuário"
      subtitle="Revise a oferta enviada antes de aprová-la"
      onBack={() => navigate(USER_OFFERS_TAB_PATH)}
      backLabel="Voltar às ofertas dos usuários"
      width="wide"
    >
      <EditUserOfferScreen key={id} id={id} />
    </PageLayout>
  );
}
