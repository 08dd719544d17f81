// Retry for something that failed to load: says "Retrying…" and waits while the retry runs, so
// one press sends one retry.
import { useState } from 'react';

export function RetryButton({ retry, className }: { retry: () => Promise<void>; className?: string }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={retrying}
      onClick={() => {
        setRetrying(true);
        void retry()
          .catch(() => undefined)
          .finally(() => setRetrying(false));
      }}
    >
      {retrying ? 'Retrying…' : 'Retry'}
    </button>
  );
}
