// Raising a toast from a screen on the first screen (the home cards' save button) without loading
// react-toastify into the entry: the call waits for the toast module, which main.tsx loads right
// after the first screen anyway.
const toastModule = () => import('./toast.tsx');

export function notifyError(messageOrError: unknown, fallback?: string): void {
  void toastModule().then((t) => t.notifyError(messageOrError, fallback));
}

export function notifySuccess(message: string): void {
  void toastModule().then((t) => t.notifySuccess(message));
}
