import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { FullScreenLoading } from '../../components/ui/spinner';
import {
  EditUserOfferScreen,
  USER_OFFERS_TAB_PATH,
} from '../../features/admin-offers/components/edit-user-offer-screen';
import { AccessDenied } from '../../features/admin-offers/components/page-states';
import { useCurrentUser } from '../../lib/session/use-current-user';

/** /admin/editar-oferta-usuario/{id}: a non-admin sees 'Acesso Negado' with a button back to the start. */
export default function AdminEditUserOfferRoute() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data: user } = useCurrentUser();
  if (!user) return <FullScreenLoading />;
  if (!user.isAdmin) return <AccessDenied />;
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
