// /admin: the admin layout when a token is held, otherwise the Admin Login screen (inside the
// public header and footer).
import { Suspense } from 'react';
import { useAuth } from '../lib/auth.ts';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { AdminLayout } from './layouts/AdminLayout.tsx';
import { LoadingScreen } from '../components/ui/LoadingScreen.tsx';
import { Footer } from './layouts/Footer.tsx';
import { Header } from './layouts/Header.tsx';

export function AdminGate() {
  const { token } = useAuth();
  if (token) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AdminLayout />
      </Suspense>
    );
  }
  return (
    <>
      <Header />
      <main id="main">
        <LoginPage />
      </main>
      <Footer />
    </>
  );
}
