// Logout: forget the token (state, storage and so the header), forget the
// admin's view kept on this device, and go home. Writes still in the outbox stay there and go
// out after the next login, like after an expired session.
import type { NavigateFunction } from 'react-router-dom';
import { setToken } from '../../lib/auth.ts';
import { clearAdminData } from '../../sync/pull-admin.ts';
import { paths } from '../../lib/paths.ts';

export async function logout(navigate: NavigateFunction): Promise<void> {
  // Leave /admin first, so the login screen does not flash up between the two.
  await navigate(paths.home);
  setToken(null);
  await clearAdminData();
}
