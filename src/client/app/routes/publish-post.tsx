import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { PublishPostForm } from '../../features/community/components/publish-post-form';
import { requestDashboardTab } from '../../lib/dashboard-tab';

/** /publicar-post: a new community post, then back to the dashboard's Comunidade tab (spec 02 §2). */
export default function PublishPostRoute() {
  const navigate = useNavigate();
  const back = () => {
    requestDashboardTab('comunidade');
    navigate('/dashboard');
  };
  return (
    <PageLayout title="Nova Publicação" subtitle="Compartilhe com a comunidade" onBack={back}>
      <PublishPostForm onPublished={back} onCancel={back} />
    </PageLayout>
  );
}
