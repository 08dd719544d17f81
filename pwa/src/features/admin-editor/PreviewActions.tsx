// The editor's draft preview (backend/src/modules/preview): "Preview" opens the article as the
// server stores it, drawn as visitors will see it, in a new tab; "Copy preview link" makes a link
// anyone can open for 7 days without an account (a new one turns the last one off). Both ask the
// server, so they need a connection, and show the last saved version, not unsaved edits.
import { useState } from 'react';
// Before the preview contract's schemas are made: zod's eval probe would break the site's CSP.
import '@fw/contracts/zod-strict-csp';
import { API_PATHS } from '@fw/contracts/paths';
import { PREVIEW_MESSAGES, type PreviewLink } from '@fw/contracts/preview';
import { api, ApiError } from '../../lib/api.ts';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';
import { useOnline } from '../../sync/status.ts';
import styles from './PreviewActions.module.css';

const PREVIEW_NOT_SAVED_MESSAGE = 'Save the article (and let it sync) before previewing it.';

async function askLink(id: string, purpose: 'view' | 'share'): Promise<PreviewLink> {
  try {
    const { data } = await api<{ preview: PreviewLink }>('POST', API_PATHS.previewLink, { body: { id, purpose } });
    return data.preview;
  } catch (error) {
    // Not on the server yet: created offline and still in the outbox.
    if (error instanceof ApiError && error.status === 404) throw new Error(PREVIEW_NOT_SAVED_MESSAGE, { cause: error });
    throw error;
  }
}

export function PreviewActions({ articleId }: { articleId: string }) {
  const online = useOnline();
  const [shared, setShared] = useState<PreviewLink | null>(null);
  const [busy, setBusy] = useState(false);

  async function preview() {
    // Opened now, inside the click, so no pop-up blocker stops it; pointed at the link once made.
    const tab = window.open('', '_blank');
    try {
      const { url } = await askLink(articleId, 'view');
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      tab?.close();
      notifyError(error);
    }
  }

  async function copyLink() {
    setBusy(true);
    try {
      const link = await askLink(articleId, 'share');
      setShared(link);
      // The link stays on screen too, for when the clipboard is not allowed.
      await navigator.clipboard?.writeText(link.url).catch(() => {});
      notifySuccess(PREVIEW_MESSAGES.SHARED);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.preview} aria-label="Draft preview">
      <div className={styles.buttons}>
        <button type="button" className={buttonStyles.secondary} onClick={preview} disabled={!online}>
          Preview
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={copyLink} disabled={!online || busy}>
          Copy preview link
        </button>
      </div>
      <p className={styles.hint}>
        {online ? 'Shows the article as last saved, the way visitors will see it.' : 'Preview needs a connection.'}
      </p>
      {shared ? (
        <label className={styles.link}>
          <span>
            Preview link, works until {new Date(shared.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </span>
          <input
            readOnly
            value={shared.url}
            onFocus={(e) => e.currentTarget.select()}
            // Inside the article form: Enter here must not save the article.
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            data-testid="preview-link"
          />
        </label>
      ) : null}
    </section>
  );
}
