// The Listen player: a bar fixed to the bottom of the screen (so it stays at hand in a long
// article) with play/pause, the speed, start over and close, and which sentence is being read.
import type { Ref } from 'react';
import { LISTEN_RATES } from '../../lib/read-aloud.ts';
import type { ListenStatus, ReadAloud } from './use-read-aloud.ts';
import styles from './ListenControl.module.css';

function playLabel(status: ListenStatus): string {
  if (status === 'playing') return 'Pause';
  if (status === 'ended') return 'Play again';
  return status === 'paused' ? 'Resume' : 'Play';
}

/** Only changes of state are announced: a count per sentence would talk over the voice. */
function announcement(status: ListenStatus): string {
  if (status === 'paused') return 'Paused.';
  if (status === 'ended') return 'Finished reading.';
  return status === 'loading' ? 'Getting the voice ready.' : '';
}

function whereText({ status, sentence }: Pick<ReadAloud, 'status' | 'sentence'>): string {
  if (status === 'loading') return 'Getting the voice ready…';
  if (status === 'ended') return 'Finished.';
  if (sentence.index < 0) return '';
  return `${status === 'paused' ? 'Paused at' : 'Reading'} sentence ${sentence.index + 1} of ${sentence.total}`;
}

function PlayerControls({ player }: { player: ReadAloud }) {
  const { status, rate } = player;
  return (
    <>
      <button
        type="button"
        className={styles.play}
        onClick={() => (status === 'playing' ? player.pause() : void player.play())}
        disabled={status === 'loading'}
      >
        {playLabel(status)}
      </button>
      <label className={styles.speed}>
        <span>Speed</span>
        <select value={rate} onChange={(e) => player.changeRate(Number(e.target.value))}>
          {LISTEN_RATES.map((r) => (
            <option key={r} value={r}>
              {r}×
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={styles.secondary} onClick={() => void player.play(0)} disabled={status === 'loading'}>
        Start over
      </button>
      <p className="visually-hidden" aria-live="polite">
        {announcement(status)}
      </p>
      <p className={styles.where}>{whereText(player)}</p>
    </>
  );
}

export function ListenBar({ barRef, name, player, onClose }: { barRef: Ref<HTMLElement>; name: string; player: ReadAloud; onClose: () => void }) {
  return (
    <section ref={barRef} className={styles.bar} aria-label={`Read aloud: ${name}`} data-testid="listen-bar" data-sentence={player.sentence.index}>
      {player.problem ? (
        <p className={styles.problem} role="alert">
          {player.problem}
        </p>
      ) : (
        <PlayerControls player={player} />
      )}
      <button type="button" className={styles.close} onClick={onClose} aria-label="Close the player">
        ×
      </button>
    </section>
  );
}
