// The weekly Family Worship lessons: shape, the call that serves them, and the current-lesson rule.
import { z } from 'zod';
import { envelope, type RouteSpec } from './common.ts';
import type { Lesson } from './lessons.ts';

export * from './lessons.ts';

export const lessonSchema: z.ZodType<Lesson> = z.object({
  D: z.string(),
  T: z.string(),
  R: z.string(),
  T1: z.string().optional(),
  R1: z.string().optional(),
  T2: z.string().optional(),
  R2: z.string().optional(),
  T3: z.string().optional(),
  R3: z.string().optional(),
  T4: z.string().optional(),
  R4: z.string().optional(),
});

export const scheduleResponseSchema = envelope({ lessons: z.array(lessonSchema) });

export const scheduleRoutes = {
  schedule: {
    method: 'GET',
    path: '/api/schedule',
    admin: false,
    response: scheduleResponseSchema,
  },
} as const satisfies Record<string, RouteSpec>;

