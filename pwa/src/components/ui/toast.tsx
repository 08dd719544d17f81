// Notifications: the product's fixed durations and limit, and the one way screens raise them.
// react-toastify is not part of the first screen's bundle (the home cards' save button can raise a
// toast): the container and every call load it on first use, and errors are put in words by the
// api client's errorMessage, loaded the same way. main.tsx mounts the container right
// after the first screen; a toast raised before that waits in react-toastify's queue.
// The unstyled build: the default one injects its CSS as a <style> element, which the site's
// Content-Security-Policy forbids (backend/src/middleware/security-headers.ts); the same CSS
// comes bundled from the stylesheet import instead.
import { optionalPart } from './optional-part.tsx';

const TOAST_ERROR_MS = 4000;
const TOAST_SUCCESS_MS = 2000;
const TOAST_MAX_VISIBLE = 20;

const library = () => import('react-toastify/unstyled');

/** react-toastify's stylesheet, then the site's changes to it (toasts.css must come after it). */
const stylesheets = () => import('react-toastify/dist/ReactToastify.css').then(() => import('./toasts.css'));

/** The container, loaded with its stylesheets on first render (optionalPart: a load that fails
 * offline leaves the app on screen and is tried again when the connection returns). */
export const Toasts = optionalPart(async () => {
  const [{ ToastContainer }] = await Promise.all([library(), stylesheets()]);
  return function ToastList() {
    return (
      <ToastContainer
        position="top-center"
        limit={TOAST_MAX_VISIBLE}
        newestOnTop
        theme="colored"
      />
    );
  };
});

export function notifySuccess(message: string): void {
  void library().then(({ toast }) => toast.success(message, { autoClose: TOAST_SUCCESS_MS }));
}

/** A message, or an error in words (errorMessage, loaded with the library: the api client is not
 * part of the first screen either). */
export function notifyError(messageOrError: unknown, fallback?: string): void {
  void Promise.all([library(), import('../../lib/api.ts')]).then(
    ([{ toast }, { errorMessage }]) => {
      const message =
        typeof messageOrError === 'string'
          ? messageOrError
          : errorMessage(messageOrError, fallback);
      toast.error(message, { autoClose: TOAST_ERROR_MS });
    },
  );
}
