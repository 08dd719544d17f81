// The admin's login token: kept in memory and in localStorage under the key "token" (the name
// the product has always used), restored on load, and read by the API client for every call.
// Screens subscribe through useAuth.
import { useSyncExternalStore } from 'react';

const TOKEN_STORAGE_KEY = 'token';

interface AuthState {
  token: string | null;
  /** Why the admin was signed out (expired token, no longer an admin), shown on the login screen. */
  notice: string | null;
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let state: AuthState = { token: readStoredToken(), notice: null };
const listeners = new Set<() => void>();

function publish(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return state.token;
}

/** Why the admin was last signed out by the server, if they were. */
export function getSignOutNotice(): string | null {
  return state.notice;
}

export function setToken(token: string | null, notice: string | null = null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage may be unavailable (private mode); the token still lives in memory
  }
  publish({ token, notice });
}

/** The server refused the token: forget it and tell the admin why on the login screen. */
export function signOutWithNotice(notice: string): void {
  if (state.token) setToken(null, notice);
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes the same storage key.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY) publish({ token: event.newValue, notice: null });
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, () => state);
}
