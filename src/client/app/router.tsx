import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullScreenLoading } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api/use-current-user';

// Every route is its own chunk: /login must not pay for the dashboard.
const Landing = lazy(() => import('./routes/landing'));
const Login = lazy(() => import('./routes/login'));
const Register = lazy(() => import('./routes/register'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const NotFound = lazy(() => import('./routes/not-found'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const Profile = lazy(() => import('./routes/profile'));
const Admin = lazy(() => import('./routes/admin'));
const OfferDetail = lazy(() => import('./routes/offer-detail'));
const NewOffer = lazy(() => import('./routes/new-offer'));
const AddOffer = lazy(() => import('./routes/add-offer'));
const AdminEditOffer = lazy(() => import('./routes/admin-edit-offer'));
const AdminEditUserOffer = lazy(() => import('./routes/admin-edit-user-offer'));

export function AppRoutes() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenLoading />;
  const signedIn = Boolean(user);

  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Routes>
        {/* Open to everyone */}
        <Route path="/home" element={<Landing />} />
        <Route path="/verificar-email" element={<VerifyEmail />} />
        <Route path="/redefinir-senha" element={<ResetPassword />} />
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
    </Suspense>
  );
}
