import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';

export const healthResponseSchema = envelope({
  database: z.enum(['reachable', 'unreachable']),
  uptimeSeconds: z.number(),
});

export const healthRoutes = {
  health: { method: 'GET', path: '/api/health', admin: false, response: healthResponseSchema },
} as const satisfies Record<string, RouteSpec>;
