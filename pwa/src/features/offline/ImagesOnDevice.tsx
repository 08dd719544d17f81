// "On this device": how many of the pictures in the saved articles are kept for offline reading
// (sync/images/ keeps them in the service worker's cache after each sync).
import { useImageProgress } from '../../sync/images/use-image-progress.ts';
import { formatCount, megabytes } from '../../lib/format.ts';
import styles from './DeviceStatus.module.css';

const IMAGES_QUOTA_MESSAGE =
  "This device's storage is full, so not every picture can be kept on it. Articles still open offline; the missing pictures show when online.";

export function ImagesOnDevice() {
  const progress = useImageProgress();
  if (!progress || progress.needed === 0) return null;
  const { needed, kept, bytes, quotaFull } = progress;
  return (
    <>
      <p data-testid="images-on-device">
        Pictures in saved articles: {formatCount(kept)} of {formatCount(needed)} kept for offline reading ({megabytes(bytes)}).
      </p>
      {quotaFull ? <p className={styles.problem}>{IMAGES_QUOTA_MESSAGE}</p> : null}
    </>
  );
}
