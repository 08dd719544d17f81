import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { StatusLine } from '../../features/offline/StatusLine.tsx';
import { RouteProgress } from '../../components/ui/RouteProgress.tsx';
import { prefetchArticleScreen } from '../prefetch.ts';
import { IosInstallHint } from '../../features/offline/InstallAction.tsx';
import { SyncProgress } from '../../features/offline/SyncProgress.tsx';
import { CitationSheetHost } from '../../features/bible/CitationSheetHost.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useRouteTitle } from '../page-title.ts';

export function PublicLayout() {
  useRouteTitle();
  useEffect(prefetchArticleScreen, []);
  return (
    <>
      <RouteProgress />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <StatusLine />
      <SyncProgress />
      <IosInstallHint />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CitationSheetHost />
    </>
  );
}
