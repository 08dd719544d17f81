// The sync words as a QR code another device's camera can read ("Scan a code", LinkDevice.tsx).
// The code carries the words themselves, as typed, so a scan and typing take one path. The
// generator (qrcode-generator) loads only when a code is drawn. Always dark on white, in both
// themes: scanners expect dark modules on a light ground with a quiet zone around them.
import { useEffect, useState } from 'react';
import styles from './study-sync.module.css';

/** The modules around the code that scanners need clear. */
const QUIET_MODULES = 4;

interface Drawn {
  text: string;
  size: number;
  path: string;
}

async function draw(text: string): Promise<Drawn> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_MODULES} ${row + QUIET_MODULES}h1v1h-1z`;
    }
  }
  return { text, size: count + 2 * QUIET_MODULES, path };
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
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
