// The article's text size: native radio buttons (arrow keys and screen readers work as usual),
// styled as a row of "A"s from small to large; the choice is remembered on this device.
import { TEXT_SIZES, setTextSize, useTextSize } from '../../lib/device-prefs.ts';
import styles from './ReaderActions.module.css';

export function TextSizeControl() {
  const current = useTextSize();
  return (
    <fieldset className={styles.sizes}>
      <legend className="visually-hidden">Text size</legend>
      {TEXT_SIZES.map((size) => (
        <label key={size.id} className={styles.size} title={`${size.label} text`}>
          <input
            type="radio"
            name="text-size"
            value={size.id}
            checked={current === size.id}
            onChange={() => setTextSize(size.id)}
          />
          <span aria-hidden="true" style={{ fontSize: `${size.scale}em` }}>
            A
          </span>
          <span className="visually-hidden">{size.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
