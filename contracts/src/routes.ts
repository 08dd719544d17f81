// The route table: each call's method, path (from paths.ts), guard and schemas. The backend
// validates with these schemas, and the tests walk the table to reach every call.
import { adminRoutes } from './admin.ts';
import { adminChangeRoutes } from './admin-changes.ts';
import { adminPageRoutes } from './admin-pages.ts';
import { articleRoutes } from './articles.ts';
import { dailyRoutes } from './daily-schema.ts';
import { healthRoutes } from './health.ts';
import { imageRoutes } from './image-routes.ts';
import { previewRoutes } from './preview.ts';
import type { API_PATHS } from './paths.ts';
import { reminderRoutes } from './reminders.ts';
import { revisionRoutes } from './revisions.ts';
import { scheduleRoutes } from './schedule.ts';
import { studySpaceRoutes } from './study-space.ts';
import { syncRoutes } from './sync.ts';

export const ROUTES = {
  ...healthRoutes,
  ...articleRoutes,
  ...adminRoutes,
  ...adminPageRoutes,
  ...adminChangeRoutes,
  ...syncRoutes,
  ...scheduleRoutes,
  ...dailyRoutes,
  ...imageRoutes,
  ...revisionRoutes,
  ...previewRoutes,
  ...studySpaceRoutes,
  ...reminderRoutes,
} as const satisfies { [Name in keyof typeof API_PATHS]: { path: (typeof API_PATHS)[Name] } };
