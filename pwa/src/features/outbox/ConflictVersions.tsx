// A 409 on an edit: only the fields where the admin's version and the server's differ, each with
// the changed words marked, so the choice is quick on a phone too.
import { differingFields, type Side } from './conflict-fields.ts';
import styles from './OutboxPanel.module.css';

function Excerpt({ side }: { side: Side }) {
  return (
    <span className={styles.excerpt}>
      {side.before}
      {side.changed ? <mark>{side.changed}</mark> : <span className={styles.gone}>(nothing here)</span>}
      {side.after}
    </span>
  );
}

export function ConflictVersions({ mine, theirs }: { mine: Record<string, unknown>; theirs: Record<string, unknown> }) {
  const fields = differingFields(mine, theirs);
  return (
    <dl className={styles.versions} data-testid="conflict-versions">
      {fields.length === 0 ? <dd>The two versions read the same.</dd> : null}
      {fields.map((field) => (
        <div key={field.label} className={styles.field} data-testid="conflict-field">
          <dt>{field.label}</dt>
          <dd>
            <span className={styles.side}>Yours</span> <Excerpt side={field.mine} />
          </dd>
          <dd>
            <span className={styles.side}>Theirs</span> <Excerpt side={field.theirs} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
