// GET /api/images/<hash>-<width>.<ext>: one stored image file, read by its `_id`. Its name is its
// content, so it is cached by everyone for a year without asking again (`immutable`), and the
// device's service worker keeps the files of the articles it holds for offline reading.
import Router from '@koa/router';
import type mongoose from 'mongoose';
import { IMAGE_FILE_NAME } from '@fw/contracts/images';
import { API_PATHS } from '@fw/contracts/paths';
import { HttpError } from '../../errors.ts';
import { answeredNotModified, etagOf } from '../../http/conditional-get.ts';
import { cachedFiles, imageStore } from './image-store.ts';

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const IMAGE_NOT_FOUND_MESSAGE = 'There is no stored image with this name.';

export function imagesRouter({ connection }: { connection: mongoose.Connection }): Router {
  const router = new Router();
  const readFile = cachedFiles(imageStore(connection));

  router.get(API_PATHS.imageFile, async (ctx) => {
    const name = ctx.params.file ?? '';
    // A name that is not ours is never a query.
    const file = IMAGE_FILE_NAME.test(name) ? await readFile(name) : null;
    if (!file) throw new HttpError('NOT_FOUND', IMAGE_NOT_FOUND_MESSAGE);
    if (answeredNotModified(ctx, etagOf('image', name))) {
      ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
      return;
    }
    ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
    ctx.type = file.type;
    ctx.body = file.data;
  });
  return router;
}
