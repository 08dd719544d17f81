// "Sync my notes" (on My notes and in the footer's device panel): make an end-to-end encrypted
// sync space and show its words and QR code, link this device by the words of another, and, once
// linked, show when it last synced, show the words again, stop syncing here, or change the key for
// every device. A space another device removed, and a space that is full, are said in the server's
// words; neither loses anything on this device. The work is done by sync/study-space/space.ts.
import { useEffect, useRef, useState } from 'react';
import { nextTask } from '../../lib/next-task.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { RelativeTime } from '../../components/ui/RelativeTime.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { db, useLiveQuery } from '../../db/db.ts';
import { createSpace, linkSpace, loadSpaceWords, rotateSpace, spaceWords, stopSyncing } from '../../sync/study-space/space.ts';
import { useStudySpaceStatus, useStudySpaceSyncedAt } from '../../sync/study-space/space-status.ts';
import { STUDY_WRITE_KIND } from '../../sync/study-space/study-records.ts';
import { startSealWorker } from '../../sync/study-space/seal-client.ts';
import { LinkDevice } from './LinkDevice.tsx';
import { SpaceWords } from './SpaceWords.tsx';
import { SYNC_TEXT } from './messages.ts';
import styles from './study-sync.module.css';

type View = { kind: 'status' } | { kind: 'link' } | { kind: 'words'; words: string[]; title: string };

const NEEDS_CONNECTION = 'This needs a connection to the server. Try again once this device is online.';

const QUESTIONS = {
  show: {
    title: 'Show the words?',
    text: 'Anyone who sees these words can read and change your notes. Show them only where nobody else is looking.',
    yesLabel: 'Show the words',
    noLabel: 'Cancel',
  },
  stop: {
    title: 'Stop syncing on this device?',
    text: 'Your notes stay on this device, but its changes no longer reach your other devices, nor theirs this one. Your other devices keep syncing.',
    yesLabel: 'Stop syncing',
    noLabel: 'Cancel',
  },
  rotate: {
    title: 'Remove from every device?',
    text: 'The old words stop working on every other device: each will say so, and can be linked again with the new words this device shows next. Notes already on a device stay there.',
    yesLabel: 'Remove and make new words',
    noLabel: 'Cancel',
  },
} as const;

const problemOf = (error: unknown) => (error instanceof ApiError && error.isNetwork ? NEEDS_CONNECTION : errorMessage(error));

/**
 * The server's refusal of a study write waiting in the outbox (a full space), or null. Read through
 * the outbox's `status` index: a link queues thousands of entries and this runs again on every
 * change to the outbox, so a walk over every entry made linking take minutes on a phone.
 */
function useRefusedStudyWrite(): string | null | undefined {
  return useLiveQuery(async () => {
    const refused = await db.outbox.where('status').equals('failed').filter((e) => e.kind === STUDY_WRITE_KIND).first();
    return refused?.lastError ?? null;
  }, []);
}

/**
 * Loads the words' code ahead of a press (space.ts loadSpaceWords): on My notes once it is drawn,
 * in the footer when a pointer or the keyboard comes to the panel. A load that fails here is tried
 * again by the action itself, which says what went wrong.
 */
const wordsAhead = () => void loadSpaceWords().catch(() => undefined);

/** `onDrawn`: told once the panel is drawn (it draws nothing until the device's space is read). */
export function StudySync({ place, onDrawn }: { place: 'notes' | 'footer'; onDrawn?: () => void }) {
  const status = useStudySpaceStatus();
  const drawn = Boolean(status);
  useEffect(() => {
    if (drawn) onDrawn?.();
  }, [drawn, onDrawn]);
  const syncedAt = useStudySpaceSyncedAt();
  const refused = useRefusedStudyWrite();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  useEffect(() => {
    if (place === 'notes') wordsAhead();
  }, [place]);
  // The study worker is started while the words are typed, not by the press that links.
  useEffect(() => {
    if (view.kind === 'link') startSealWorker();
  }, [view.kind]);
  // Back from the words or the link form, the keyboard goes to the panel's heading (and the page
  // to the panel, which the words had made far taller), not to the page's top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingRef = useRef(false);
  const toStatus = () => {
    focusHeadingRef.current = true;
    setView({ kind: 'status' });
  };
  useEffect(() => {
    if (view.kind !== 'status' || !focusHeadingRef.current) return;
    focusHeadingRef.current = false;
    headingRef.current?.focus();
  }, [view]);
  const Heading = place === 'notes' ? 'h2' : 'h3';
  const sub = place === 'notes' ? 'h3' : 'h4';

  /** Runs one action at a time; `working` is said while it runs (one that sends every note). */
  async function run(action: () => Promise<void>, working: string | null = null) {
    setBusy(true);
    setSending(working);
    setProblem(null);
    try {
      // The press's own task only draws the form as busy; the action starts in the next one (a
      // link's first steps, reading the words and their checksum, made the press a long task).
      await nextTask();
      await action();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
      setSending(null);
    }
  }

  const create = () =>
    run(async () => setView({ kind: 'words', words: await createSpace(), title: 'Your sync words' }), SYNC_TEXT.sending);
  const link = (words: string) =>
    run(async () => {
      await linkSpace(words);
      toStatus();
    });
  const show = async () => {
    if (await confirm(QUESTIONS.show)) await run(async () => setView({ kind: 'words', words: await spaceWords(), title: 'Your sync words' }));
  };
  const stop = async () => {
    if (await confirm(QUESTIONS.stop)) await run(stopSyncing);
  };
  const rotate = async () => {
    if (await confirm(QUESTIONS.rotate))
      await run(async () => setView({ kind: 'words', words: await rotateSpace(), title: 'Your new sync words' }), SYNC_TEXT.sending);
  };
  const openLink = () => {
    setProblem(null);
    setView({ kind: 'link' });
  };

  if (!status) return null;
  return (
    <section className={`${styles.panel} ${place === 'footer' ? styles.inFooter : ''}`} aria-labelledby={`sync-${place}`} data-testid={`study-sync-${place}`} onPointerEnter={wordsAhead} onFocus={wordsAhead}>
      <Heading id={`sync-${place}`} className={styles.heading} ref={headingRef} tabIndex={-1}>
        Sync my notes
      </Heading>
      {view.kind === 'words' ? (
        <SpaceWords words={view.words} title={view.title} headingLevel={sub} onDone={toStatus} />
      ) : view.kind === 'link' ? (
        <LinkDevice headingLevel={sub} busy={busy} problem={problem} onLink={(words) => void link(words)} onCancel={toStatus} />
      ) : status.status === 'linked' ? (
        <>
          <p data-testid="sync-linked">{SYNC_TEXT.linked}</p>
          <p className={styles.muted} data-testid="sync-last">
            {syncedAt ? (
              <>
                Last synced <RelativeTime at={syncedAt} />.
              </>
            ) : (
              'Not synced yet.'
            )}
          </p>
          {refused ? (
            <p className={styles.problem} role="alert" data-testid="sync-refused">
              {refused} {SYNC_TEXT.nothingLost}
            </p>
          ) : null}
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={() => void show()} disabled={busy}>
              Show the words
            </button>
            <button type="button" className={styles.secondary} onClick={() => void stop()} disabled={busy}>
              Stop syncing on this device
            </button>
            <button type="button" className={`${styles.secondary} ${styles.danger}`} onClick={() => void rotate()} disabled={busy}>
              Remove from every device
            </button>
          </div>
        </>
      ) : (
        <>
          {status.status === 'removed' ? (
            <p className={styles.problem} role="alert" data-testid="sync-removed">
              {status.message} {SYNC_TEXT.removedKeeps}
            </p>
          ) : (
            <p className={styles.muted}>
              Keep your highlights and notes in step on your phone, tablet and computer. They are locked on this device
              before they leave it, so the server cannot read them.
            </p>
          )}
          <p className={styles.warning}>{SYNC_TEXT.before}</p>
          <div className={styles.buttons}>
            <button type="button" className={styles.primary} onClick={() => void create()} disabled={busy}>
              {status.status === 'removed' ? 'Start a new space' : 'Sync my notes'}
            </button>
            <button type="button" className={styles.secondary} onClick={openLink} disabled={busy}>
              {status.status === 'removed' ? 'Link again' : 'Link this device'}
            </button>
          </div>
        </>
      )}
      {sending ? (
        <p className={styles.muted} role="status" data-testid="sync-sending">
          {sending}
        </p>
      ) : null}
      {problem && view.kind !== 'link' ? (
        <p className={styles.problem} role="alert" data-testid="sync-problem">
          {problem}
        </p>
      ) : null}
      {dialog}
    </section>
  );
}
