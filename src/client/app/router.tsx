import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { firstScreenOf } from '../../shared/first-screen';
import { FullScreenLoading } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { preloadedLazy } from '../lib/preloaded-lazy';
import { startDashboardFirstLoad } from './dashboard-first-load';

// Every route is its own chunk: /login must not pay for the dashboard.
const routes = {
  landing: preloadedLazy(() => import('./routes/landing')),
  login: preloadedLazy(() => import('./routes/login')),
  register: preloadedLazy(() => import('./routes/register')),
  forgotPassword: preloadedLazy(() => import('./routes/forgot-password')),
  resetPassword: preloadedLazy(() => import('./routes/reset-password')),
  verifyEmail: preloadedLazy(() => import('./routes/verify-email')),
  notFound: preloadedLazy(() => import('./routes/not-found')),
  dashboard: preloadedLazy(() => import('./routes/dashboard')),
  profile: preloadedLazy(() => import('./routes/profile')),
  admin: preloadedLazy(() => import('./routes/admin')),
  offerDetail: preloadedLazy(() => import('./routes/offer-detail')),
  newOffer: preloadedLazy(() => import('./routes/new-offer')),
  addOffer: preloadedLazy(() => import('./routes/add-offer')),
  adminEditOffer: preloadedLazy(() => import('./routes/admin-edit-offer')),
  adminEditUserOffer: preloadedLazy(() => import('./routes/admin-edit-user-offer')),
  publishPost: preloadedLazy(() => import('./routes/publish-post')),
  publishPromotion: preloadedLazy(() => import('./routes/publish-promotion')),
};
const {
  landing: Landing,
  login: Login,
  register: Register,
  forgotPassword: ForgotPassword,
  resetPassword: ResetPassword,
  verifyEmail: VerifyEmail,
  notFound: NotFound,
  dashboard: Dashboard,
  profile: Profile,
  admin: Admin,
  offerDetail: OfferDetail,
  newOffer: NewOffer,
  addOffer: AddOffer,
  adminEditOffer: AdminEditOffer,
  adminEditUserOffer: AdminEditUserOffer,
  publishPost: PublishPost,
  publishPromotion: PublishPromotion,
} = routes;

if (typeof window !== 'undefined') {
  // The chunk the first URL will render (src/shared/first-screen.ts): fetched at once, with the session check.
  const first = firstScreenOf(window.location.pathname);
  if (first) void routes[first].preload().catch(() => {});
  startDashboardFirstLoad(window.location);
}

/**
 * The pages open to everyone show at once: they look the same signed in or out, so they never wait for the
 * session. The session check itself starts with the HTML (index.html preloads GET /api/auth/user), so the
 * other routes show the spec's full-screen loading indicator only until that answer is in.
 */
export function AppRoutes() {
  // Starts (or reuses the preloaded) session check on every page, even the open ones.
  useCurrentUser();
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Routes>
        <Route path="/home" element={<Landing />} />
        <Route path="/verificar-email" element={<VerifyEmail />} />
        <Route path="/redefinir-senha" element={<ResetPassword />} />
        <Route path="*" element={<SessionRoutes />} />
      </Routes>
    </Suspense>
  );
}

/** Routes that depend on who is signed in (spec 01 §2). */
function SessionRoutes() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenLoading />;
  const signedIn = Boolean(user);

  return (
    <Routes>
      {signedIn ? (
        <>
          <Route path="/" element={<Dashboard />} />
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/perfil" element={<Profile />} />
          <Route path="/admin" element={<Admin />} />
          <Route path="/detalhes-oferta/:id" element={<OfferDetail />} />
          <Route path="/nova-oferta" element={<NewOffer />} />
          <Route path="/adicionar-oferta" element={<AddOffer />} />
          <Route path="/admin/editar-oferta/:id" element={<AdminEditOffer />} />
          <Route path="/admin/editar-oferta-usuario/:id" element={<AdminEditUserOffer />} />
          <Route path="/publicar-post" element={<PublishPost />} />
          <Route path="/publicar-divulgacao" element={<PublishPromotion />} />
          <Route path="/login" element={<Navigate to="/dashboard" replace />} />
          <Route path="/register" element={<Navigate to="/dashboard" replace />} />
          <Route path="/forgot-password" element={<Navigate to="/dashboard" replace />} />
        </>
      ) : (
        <>
          <Route path="/" element={<Navigate to="/register" replace />} />
          <Route path="/dashboard" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<Login />} />
          <Route path="/register" element={<Register />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
        </>
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
