// Reads a sync space's QR code with the camera: the browser's own BarcodeDetector (no decoder is
// downloaded), a few looks a second, until a code is read or the person closes it.
import { useEffect, useRef, useState } from 'react';
import styles from './study-sync.module.css';

/** How often the video is looked at for a code. */
const SCAN_EVERY_MS = 250;

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;

/** Whether this browser reads QR codes and the device has a camera. */
export async function canScanCodes(): Promise<boolean> {
  const Detector = detectorClass();
  if (!Detector || !navigator.mediaDevices?.enumerateDevices) return false;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return false;
    return (await navigator.mediaDevices.enumerateDevices()).some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}

export function QrScanner({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The camera stays open while the parent draws again: the latest handler is read when a code is found.
  const handler = useRef(onText);
  useEffect(() => {
    handler.current = onText;
  }, [onText]);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const Detector = detectorClass()!;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue && !stopped) {
          handler.current(found.rawValue);
          return;
        }
      } catch {
        // A frame not ready yet: look again.
      }
      timer = setTimeout(() => void look(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setProblem('The camera could not be opened. Type the words instead.'));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <div className={styles.scanner}>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : (
        <video ref={video} className={styles.video} muted playsInline aria-label="The camera, looking for the code" />
      )}
      <button type="button" className={styles.secondary} onClick={onClose}>
        Stop scanning
      </button>
    </div>
  );
}
