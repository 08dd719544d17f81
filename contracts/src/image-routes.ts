// The stored image files' one call (backend/src/modules/images): its answer is the file's bytes,
// not JSON. Apart from images.ts, which the PWA imports without the schema library.
import { z } from 'zod';
import type { RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';

export const imageRoutes = {
  imageFile: { method: 'GET', path: API_PATHS.imageFile, admin: false, response: z.instanceof(Uint8Array) },
} as const satisfies Record<string, RouteSpec>;
