// The editor's "Publish at": a draft's scheduled publication, in the admin's own time zone (named
// beside the field). Blank means no schedule. A time already past is said plainly: the server
// publishes such an article as soon as the save arrives.
import { useState } from 'react';
import { isPast, timeZoneLabel } from '../../lib/schedule-time.ts';
import styles from './CreateArticlePage.module.css';

interface PublishAtFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function PublishAtField({ value, onChange }: PublishAtFieldProps) {
  // Judged when the time is chosen (and when the form opens), not on every render.
  const [past, setPast] = useState(() => isPast(value));
  return (
    <label className={styles.field}>
      <span>Publish at</span>
      <input
        type="datetime-local"
        name="publishAt"
        value={value}
        onChange={(e) => {
          setPast(isPast(e.target.value));
          onChange(e.target.value);
        }}
        aria-describedby="publish-at-hint"
      />
      <span id="publish-at-hint" className={styles.hint}>
        {past
          ? 'This time has passed: the article is published as soon as it is saved.'
          : `Optional. Times are in ${timeZoneLabel()}; it goes public by itself then.`}
      </span>
    </label>
  );
}
