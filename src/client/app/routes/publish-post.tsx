import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/ui/page-layout';
import { PublishPostForm } from '../../features/community/components/publish-post-form';
import { dashboardTabPath } from '../../lib/dashboard-tab';

/** /publicar-post: a new community post, then back to the dashboard's Comunidade tab. */
export default function PublishPostRoute() {
  const navigate = useNavigate();
  // Replaces this page's entry: Back from the feed does not reopen a form already sent.
  const back = () => navigate(dashboardTabPath('comunidade'), { replace: true });
  return (
    <PageLayout title="Nova Publicação" subtitle="Compartilhe com a comunidade" onBack={back}>
      <PublishPostForm onPublished={back} onCancel={back} />
    </PageLayout>
  );
}
