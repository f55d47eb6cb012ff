import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { PublishPromotionForm } from '../../features/community/components/publish-promotion-form';
import { dashboardTabPath } from '../../lib/dashboard-tab';

/** /publicar-divulgacao: a new promotion post, then back to the dashboard's Divulgação tab. */
export default function PublishPromotionRoute() {
  const navigate = useNavigate();
  // Replaces this page's entry: Back from the feed does not reopen a form already sent.
  const back = () => navigate(dashboardTabPath('divulgacao'), { replace: true });
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
