// GET /preview/<article id>?exp=…&sig=…: a draft drawn by the server exactly as its public page
// will be (modules/pages: the same template, head, layout and article markup), under a "Draft
// preview" band, for anyone holding a valid signed link (preview-links.ts), no account needed.
//
// Never listed or indexed: `X-Robots-Tag` and a robots meta tag say noindex, robots.txt disallows
// the path, nothing links to it, and the answer is not stored by caches. The app's scripts are left
// out of the page: the app has no preview route and would replace the page with its own "not
// found"; a preview is to be read, and the reader's tools are not needed for that. The referrer is
// not sent on, so the link's signature does not leak to a site the article links to.
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import { PAGE_META } from '@fw/contracts/pages';
import { PREVIEW_BAND_TEXT, PREVIEW_MESSAGES, PREVIEW_PATH_PREFIX } from '@fw/contracts/preview';
import { articleModel, toArticleDto, type ArticleDoc } from '../articles/article.model.ts';
import { articleMeta } from '../pages/page-head.ts';
import { articleMarkup, escapeHtml } from '../pages/page-markup.ts';
import { pageTemplate, type PageTemplate } from '../pages/page-template.ts';
import { writePage, type Page } from '../pages/pages.ts';
import type { PreviewLinks } from './preview-links.ts';

const PREVIEW_ROBOTS = 'noindex, nofollow, noarchive';

/** The template without the app: no script elements, and no route JavaScript asked for. */
function withoutApp(template: PageTemplate): PageTemplate {
  return {
    html: template.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, ''),
    routeFiles: (route) => ({ css: template.routeFiles(route).css, js: [] }),
  };
}

function band(published: boolean): string {
  const note = published
    ? 'This is the article as stored now; it is published.'
    : 'This is how visitors will see the article once it is published. It is not public yet.';
  return `<p class="preview-band" role="note"><strong>${PREVIEW_BAND_TEXT}</strong> ${escapeHtml(note)}</p>`;
}

function invalidPage(): Page {
  return {
    status: 404,
    head: { meta: PAGE_META.notFound, noindex: true },
    main: `<div class="page empty-state" data-testid="preview-invalid"><h1>Preview not available</h1><p>${escapeHtml(PREVIEW_MESSAGES.INVALID)}</p><a href="/">Go to the home page</a></div>`,
  };
}

export function previewPage({
  dir,
  connection,
  links,
  publicUrl,
}: {
  dir: string;
  connection: mongoose.Connection;
  links: PreviewLinks;
  publicUrl: string;
}): Middleware {
  const template = pageTemplate(dir);
  const Articles = articleModel(connection);

  async function pageFor(ctx: Context): Promise<Page> {
    const id = ctx.path.slice(PREVIEW_PATH_PREFIX.length).replace(/\/+$/, '');
    const exp = typeof ctx.query.exp === 'string' ? ctx.query.exp : undefined;
    const sig = typeof ctx.query.sig === 'string' ? ctx.query.sig : undefined;
    if (!(await links.isValid({ id, exp, sig }, Date.now()))) return invalidPage();
    const doc = (await Articles.findById(id).lean()) as ArticleDoc | null;
    if (!doc) return invalidPage();
    const article = toArticleDto(doc);
    return {
      status: 200,
      head: { meta: articleMeta(article), noindex: true },
      main: articleMarkup(article, { withActions: false }),
      route: 'article',
      band: band(article.isPublished),
    };
  }

  return async function servePreview(ctx, next) {
    if (!ctx.path.startsWith(PREVIEW_PATH_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const page = await pageFor(ctx);
    ctx.status = page.status;
    ctx.type = 'html';
    ctx.set('X-Robots-Tag', PREVIEW_ROBOTS);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = writePage(withoutApp(template()), page, publicUrl);
  };
}
