// Notifications: the spec's durations and limit, and the one way screens raise them.
// The unstyled build: the default one injects its CSS as a <style> element, which the site's
// Content-Security-Policy forbids (backend/src/middleware/security-headers.ts); the same CSS
// comes bundled from the stylesheet import instead.
import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';
import { errorMessage } from '../../lib/api.ts';

export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_MAX_VISIBLE = 20;

export function Toasts() {
  return <ToastContainer position="top-center" limit={TOAST_MAX_VISIBLE} newestOnTop theme="colored" />;
}

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: TOAST_SUCCESS_MS });
}

export function notifyError(messageOrError: unknown, fallback?: string): void {
  const message = typeof messageOrError === 'string' ? messageOrError : errorMessage(messageOrError, fallback);
  toast.error(message, { autoClose: TOAST_ERROR_MS });
}
