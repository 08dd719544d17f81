// "On this device", in the footer: what is saved for offline reading, when it last synced,
// whether the browser keeps it, a full store said plainly, study sync (loaded when drawn; not on
// My notes, which has its own), the
// install action and the theme.
import { Suspense, lazy, useState } from 'react';
import { THEMES, THEME_LABELS, setTheme, useTheme, type Theme } from '../../lib/device-prefs.ts';
import { plural } from '../../lib/format.ts';
import { RelativeTime } from '../../components/ui/RelativeTime.tsx';
import { STORAGE_FULL_MESSAGE, useStorageFull } from '../../lib/storage.ts';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { InstallButton } from './InstallAction.tsx';
import { BibleOnDevice } from './BibleOnDevice.tsx';
import { ImagesOnDevice } from './ImagesOnDevice.tsx';
import { useDeviceHoldings, usePersistentStorage } from './use-device-status.ts';
import styles from './DeviceStatus.module.css';

// Loaded once the footer is drawn: study sync is not for every visit. A fresh load each time the
// panel mounts, since React.lazy keeps a failed load for good and the footer's part is drawn again
// when the connection returns (components/ui/optional-part.tsx); lazy from React, not optionalPart,
// so the first screen's bundle stays as it is.
const loadStudySync = async () => ({ default: (await import('../study-sync/index.ts')).StudySync });

const PERSISTENCE_TEXT = {
  granted: 'Kept: the browser will not clear them to make room.',
  refused: 'Not guaranteed: the browser may clear them if the device runs short of space.',
  unknown: 'This browser does not say whether it keeps them.',
} as const;

export function DeviceStatus() {
  const holdings = useDeviceHoldings();
  const persisted = usePersistentStorage();
  const storageFull = useStorageFull();
  const theme = useTheme();
  const [StudySyncPanel] = useState(() => lazy(loadStudySync));
  // My notes has the panel in its own page: a second copy under it would do the same twice.
  const onNotesPage = useLocation().pathname === paths.notes;
  return (
    <section aria-labelledby="footer-device" className={styles.device} data-testid="device-status">
      <h2 id="footer-device">On this device</h2>
      {holdings ? (
        <p data-testid="device-counts">
          {plural(holdings.articles, 'article')}, {plural(holdings.comments, 'comment')} and{' '}
          {plural(holdings.lessons, 'lesson')} saved for offline reading.
        </p>
      ) : null}
      <ImagesOnDevice />
      {holdings ? (
        <p data-testid="device-last-sync">
          {holdings.lastSyncedAt ? (
            <>
              Last synced <RelativeTime at={holdings.lastSyncedAt} />.
            </>
          ) : (
            'Not synced yet.'
          )}
        </p>
      ) : null}
      <p data-testid="device-persistence">
        {persisted === null ? PERSISTENCE_TEXT.unknown : persisted ? PERSISTENCE_TEXT.granted : PERSISTENCE_TEXT.refused}
      </p>
      {storageFull ? <p className={styles.problem}>{STORAGE_FULL_MESSAGE}</p> : null}
      <BibleOnDevice />
      {onNotesPage ? null : (
        <Suspense fallback={null}>
          <StudySyncPanel place="footer" />
        </Suspense>
      )}
      <InstallButton />
      <p>
        <Link to={paths.reminders}>Reminders</Link>: a daily reading nudge and the week’s lesson.
      </p>
      <label className={styles.theme}>
        <span>Theme</span>
        <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
          {THEMES.map((t) => (
            <option key={t} value={t}>
              {THEME_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
