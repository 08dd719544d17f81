import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDeviceQuery } from '../../db/live.ts';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { StatusLine } from '../../features/offline/StatusLine.tsx';
import { RouteProgress } from '../../components/ui/RouteProgress.tsx';
import { prefetchArticleScreen } from '../prefetch.ts';
import { IosInstallHint } from '../../features/offline/InstallAction.tsx';
import { CitationSheetHost } from '../../features/bible/CitationSheetHost.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useRouteTitle } from '../page-title.ts';
import { useNewPageAtTop } from '../new-page-top.ts';
import { paths } from '../../lib/paths.ts';
import { optionalPart } from '../../components/ui/optional-part.tsx';
import { serverScreenReplaced } from '../../lib/first-paint.ts';

// It sits over the screen's bottom edge, so coming a moment after the first screen moves nothing.
const SyncProgress = optionalPart(async () => (await import('../../features/offline/SyncProgress.tsx')).SyncProgress);
// Loaded only on a device that holds notes, so a first visit downloads none of it.
const BackupReminder = optionalPart(async () => (await import('../../features/study/BackupReminder.tsx')).BackupReminder);

export function PublicLayout() {
  useRouteTitle();
  useNewPageAtTop();
  useEffect(prefetchArticleScreen, []);
  useEffect(serverScreenReplaced, []);
  const hasNotes = useDeviceQuery(
    async ({ db }) => (await db.highlights.count()) + (await db.verseHighlights.count()) + (await db.notes.count()) > 0,
    [],
  );
  // My notes shows the reminder inside its own page.
  const onNotesPage = useLocation().pathname === paths.notes;
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
        {hasNotes && !onNotesPage ? (
          <div className="page-reminder">
            <BackupReminder />
          </div>
        ) : null}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CitationSheetHost />
    </>
  );
}
