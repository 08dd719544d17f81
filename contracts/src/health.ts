import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

export const healthResponseSchema = envelope({
  database: z.enum(['reachable', 'unreachable']),
  /** False once the instance was told to stop: it finishes what is in flight and takes no more. */
  ready: z.boolean(),
  uptimeSeconds: z.number(),
});

export const healthRoutes = {
  health: { method: 'GET', path: API_PATHS.health, admin: false, response: healthResponseSchema },
} as const satisfies Record<string, RouteSpec>;
