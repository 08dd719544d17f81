// The sync words as a QR code another device's camera can read ("Scan a code", LinkDevice.tsx).
// The code carries the words themselves, as typed, so a scan and typing take one path. It is drawn
// by a worker of its own (qr.worker.ts, started for the one drawing), or here where there is no
// worker; either way its code loads only when a code is drawn. Always dark on white, in both
// themes: scanners expect dark modules on a light ground with a quiet zone around them.
import { useEffect, useState } from 'react';
import type { DrawnQr } from './qr-draw.ts';
import styles from './study-sync.module.css';

function draw(text: string): Promise<DrawnQr> {
  if (typeof Worker !== 'function') return import('./qr-draw.ts').then(({ drawQr }) => drawQr(text));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = ({ data }: MessageEvent<DrawnQr>) => {
      done();
      resolve(data);
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message || 'The QR code could not be drawn.'));
    };
    worker.postMessage(text);
  });
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<DrawnQr | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    draw(text).then(
      (d) => current && setDrawn(d),
      // Offline before the code's part was saved: the words below are enough.
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [text]);
  if (failed) return null;
  return (
    <div className={styles.qr}>
      {drawn?.text === text ? (
        <svg role="img" aria-label={label} viewBox={`0 0 ${drawn.size} ${drawn.size}`} shapeRendering="crispEdges" data-testid="space-qr">
          <rect width={drawn.size} height={drawn.size} fill="#fff" />
          <path d={drawn.path} fill="#000" />
        </svg>
      ) : null}
    </div>
  );
}
