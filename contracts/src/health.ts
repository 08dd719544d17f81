import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

export const healthResponseSchema = envelope({
  database: z.enum(['reachable', 'unreachable']),
  uptimeSeconds: z.number(),
});

export const healthRoutes = {
  health: { method: 'GET', path: API_PATHS.health, admin: false, response: healthResponseSchema },
} as const satisfies Record<string, RouteSpec>;
