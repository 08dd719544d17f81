// The server's VAPID identity: the key pair from configuration or the one kept under DATA_DIR
// (config-reminders.ts), and a subject a push service can contact. Made on first use, so an
// instance that never sends a reminder never writes a key file.
import { storedVapidKeys } from '../../config-reminders.ts';
import type { Config } from '../../config.ts';
import type { PushSigner } from './push-send.ts';

export function vapidSigner(config: Pick<Config, 'reminders' | 'dataDir' | 'publicUrl'>): () => PushSigner {
  let signer: PushSigner | null = null;
  return () => {
    if (signer) return signer;
    const keys = config.reminders?.vapid ?? storedVapidKeys(config.dataDir);
    const site = new URL(config.publicUrl);
    // Push services accept only https: or mailto: subjects.
    const subject = config.reminders?.subject ?? (site.protocol === 'https:' ? site.origin : `mailto:reminders@${site.hostname}`);
    signer = { ...keys, subject };
    return signer;
  };
}
