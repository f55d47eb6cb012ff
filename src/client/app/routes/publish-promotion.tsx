import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { PublishPromotionForm } from '../../features/community/components/publish-promotion-form';
import { requestDashboardTab } from '../../lib/dashboard-tab';

/** /publicar-divulgacao: a new promotion post, then back to the dashboard's Divulgação tab (spec 02 §2). */
export default function PublishPromotionRoute() {
  const navigate = useNavigate();
  const back = () => {
    requestDashboardTab('divulgacao');
    navigate('/dashboard');
  };
  return (
    <PageLayout
      title="Nova Divulgação"
      subtitle="Divulgue um serviço ou peça ajuda aos membros"
      onBack={back}
    >
      <PublishPromotionForm onPublished={back} onCancel={back} />
    </PageLayout>
  );
}
