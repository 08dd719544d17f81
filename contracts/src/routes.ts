// The whole route table in one place: what the backend mounts and what the tests walk.
import { adminRoutes } from './admin.ts';
import { articleRoutes } from './articles.ts';
import { healthRoutes } from './health.ts';
import { scheduleRoutes } from './schedule.ts';
import { syncRoutes } from './sync.ts';

export const ROUTES = {
  ...healthRoutes,
  ...articleRoutes,
  ...adminRoutes,
  ...syncRoutes,
  ...scheduleRoutes,
} as const;
export type RouteName = keyof typeof ROUTES;
