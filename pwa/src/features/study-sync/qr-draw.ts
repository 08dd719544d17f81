// A QR code as one SVG path of its dark modules, with the quiet zone scanners need around it. The
// generator (qrcode-generator) tries all eight mask patterns and keeps the one a scanner reads
// best: about 50-70 ms of a phone's thread for the 24 words, so QrCode.tsx asks qr.worker.ts for it.
import qrcode from 'qrcode-generator';

/** The modules around the code that scanners need clear. */
const QUIET_MODULES = 4;

export interface DrawnQr {
  text: string;
  /** Modules a side, the quiet zone included. */
  size: number;
  path: string;
}

export function drawQr(text: string): DrawnQr {
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
