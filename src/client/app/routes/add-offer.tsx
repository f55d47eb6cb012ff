import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { LocalOfferForm } from '../../features/user-offers/components/local-offer-form';

/** /adicionar-oferta: the simple form kept in this browser, then back to /dashboard. */
export default function AddOfferRoute() {
  const navigate = useNavigate();
  return (
    <PageLayout
      title="Adicionar Oferta"
      subtitle="Anote uma oferta para acompanhar depois"
      onBack={() => navigate('/dashboard')}
    >
      <LocalOfferForm onSaved={() => navigate('/dashboard')} />
    </PageLayout>
  );
}
