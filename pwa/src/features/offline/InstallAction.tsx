// "Install app" where the browser offers it; on iOS Safari a short how-to instead (there is no
// prompt there), shown on one visit only and dismissible. Nothing once installed.
import { useEffect, useState } from 'react';
import { CloseIcon, DownloadIcon } from '../../components/ui/icons.tsx';
import { promptInstall, useInstallOffer } from './install.ts';
import styles from './DeviceStatus.module.css';

const IOS_HINT_SEEN_KEY = 'hint:iosInstall';
const IOS_INSTALL_HOW_TO = 'To install this app, tap Share, then “Add to Home Screen”.';

export function InstallButton() {
  const offer = useInstallOffer();
  if (offer !== 'prompt') return null;
  return (
    <button type="button" className={styles.install} onClick={() => void promptInstall()}>
      <DownloadIcon /> Install app
    </button>
  );
}

function seenBefore(): boolean {
  try {
    return localStorage.getItem(IOS_HINT_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

/** The iOS how-to: a slim line under the header on the first visit where it applies. */
export function IosInstallHint() {
  const offer = useInstallOffer();
  // Decided once per page load: the visit that shows it marks it seen for later visits.
  const [show, setShow] = useState(() => !seenBefore());
  const visible = show && offer === 'ios';
  useEffect(() => {
    if (!visible) return;
    try {
      localStorage.setItem(IOS_HINT_SEEN_KEY, String(Date.now()));
    } catch {
      // not remembered: it may show again next visit, which is harmless
    }
  }, [visible]);
  if (!visible) return null;
  return (
    <aside className={styles.hint} aria-label="Install this app" data-testid="ios-install-hint">
      <p>{IOS_INSTALL_HOW_TO}</p>
      <button type="button" className={styles.dismiss} aria-label="Dismiss the install how-to" onClick={() => setShow(false)}>
        <CloseIcon />
      </button>
    </aside>
  );
}
