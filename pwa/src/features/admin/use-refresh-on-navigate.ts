// Moving between admin screens asks for a sync round (at most every ADMIN_REFRESH_MIN_MS), so a
// comment or a registration that arrived meanwhile shows up without waiting for the periodic
// round. Opening the admin area needs none: the engine already syncs at start and at login.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { requestSync } from '../../sync/engine.ts';

export const ADMIN_REFRESH_MIN_MS = 30_000;

export function useRefreshOnNavigate(): void {
  const { pathname } = useLocation();
  const last = useRef<number | null>(null);
  useEffect(() => {
    const now = Date.now();
    if (last.current === null) {
      last.current = now;
      return;
    }
    if (now - last.current < ADMIN_REFRESH_MIN_MS) return;
    last.current = now;
    void requestSync();
  }, [pathname]);
}
