// Placeholder until the admin area lands (issue 5).
import { Outlet } from 'react-router-dom';

export function AdminLayout() {
  return <Outlet />;
}
