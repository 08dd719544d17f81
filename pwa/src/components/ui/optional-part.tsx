// A part of the screen loaded after it (the toast container, the footer's device status, the backup
// reminder) that the screen can do without. Its code or its stylesheet can fail to load: offline
// before the service worker has saved the app (a first visit, or a browser without one). React.lazy
// keeps a failed load for good, and an error no boundary catches takes the whole app off the
// screen; here the part shows nothing instead, and is loaded afresh when the connection returns.
import { Component, Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** A load that failed while the browser said it was online (a dropped request) is tried again
 * after this long; one that failed offline waits for the `online` event. */
const RETRY_ONLINE_MS = 5_000;

/** A lazily loaded part that renders nothing while loading or after a failed load, and tries
 * again when the connection returns. */
export function optionalPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // One load per attempt, shared by every place the part is shown; a place mounted after a
  // failure starts from the newest attempt.
  const attempts: LazyExoticComponent<ComponentType<P>>[] = [];
  const attempt = (n: number) => (attempts[n] ??= lazy(async () => ({ default: await load() })));
  return function OptionalPart(props: P) {
    return (
      <RetryWhenOnline
        latest={() => Math.max(attempts.length - 1, 0)}
        render={(n) => {
          const Part = attempt(n);
          return <Part {...props} />;
        }}
      />
    );
  };
}

type Props = { latest: () => number; render: (attempt: number) => ReactNode };
type State = { failed: boolean; attempt: number };

class RetryWhenOnline extends Component<Props, State> {
  override state: State = { failed: false, attempt: this.props.latest() };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  private timer: ReturnType<typeof setTimeout> | undefined;

  override componentDidCatch(): void {
    if (navigator.onLine) this.timer = setTimeout(this.retry, RETRY_ONLINE_MS);
    else window.addEventListener('online', this.retry, { once: true });
  }

  override componentWillUnmount(): void {
    clearTimeout(this.timer);
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = () => {
    clearTimeout(this.timer);
    window.removeEventListener('online', this.retry);
    reloadFailedStylesheets();
    this.setState(({ attempt }) => ({ failed: false, attempt: Math.max(attempt + 1, this.props.latest()) }));
  };

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.render(this.state.attempt)}</Suspense>;
  }
}

/** Vite adds a lazily loaded module's stylesheet as a <link> once and never again, even when that
 * load failed; a stylesheet with no sheet is requested afresh by a new element in its place. */
function reloadFailedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.sheet) link.replaceWith(link.cloneNode());
  }
}
