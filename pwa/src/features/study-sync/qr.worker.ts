// Draws a QR code off the page's thread (qr-draw.ts): one text in, its drawing out.
import { drawQr } from './qr-draw.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage: (drawn: ReturnType<typeof drawQr>) => void;
};

scope.onmessage = ({ data }) => scope.postMessage(drawQr(data));
