import { Link, useNavigationType, useParams } from 'react-router-dom';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ARTICLE_MISSING, articleTitle } from '@fw/contracts/pages';
import { TEXT_SIZES, useTextSize } from '../../lib/device-prefs.ts';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { paths } from '../../lib/paths.ts';
import { CommentSection } from '../comments/index.ts';
import { useArticleStudy } from '../study/index.ts';
import { CategoryBadge } from './CategoryBadge.tsx';
import { shownInVisit, useArticle } from './use-article.ts';
import { useSavedIdsRead } from './use-saved.ts';
import { useScrollMemory } from './use-scroll-memory.ts';
import { SaveButton } from './SaveButton.tsx';
import { ShareButton } from './ShareButton.tsx';
import { TextSizeControl } from './TextSizeControl.tsx';
import actions from './ReaderActions.module.css';
import styles from './ArticlePage.module.css';

const MISSING_TEXT = {
  offline:
    'This article is not saved on this device yet, and you are offline. Connect to the internet to read it; it will then stay available offline.',
  'not-found': ARTICLE_MISSING.text,
  error: 'This article could not be loaded right now. Please try again in a moment.',
} as const;

export function ArticlePage() {
  const { id = '' } = useParams();
  // A screen of its own for each article: a link or Back from one article to another stays on this
  // route, and one screen would go on showing the article left until the new one is read from the
  // device, with the window already where the new one belongs (put back by the browser, or at the
  // top), and that scrolling kept as the old one's reading place.
  return <ArticleScreen key={id} id={id} />;
}

function ArticleScreen({ id }: { id: string }) {
  // Back or Forward to an article read earlier in the visit: it is drawn in the first render, its
  // comments too (comments/use-comments.ts), and the browser puts the entry's own place back, down
  // in the comments as well. The reading place, a share of the text (so at most the text's end),
  // is not put over it.
  const navigationType = useNavigationType();
  const [placeKept] = useState(() => navigationType === 'POP' && shownInVisit(id));
  const state = useArticle(id);
  const title = state.status === 'ready' ? state.article.title : null;
  const contentRef = useRef<HTMLDivElement>(null);
  useScrollMemory(state.status === 'ready' ? state.article : null, contentRef, placeKept);
  const study = useArticleStudy(id, state.status === 'ready' ? state.article : null, contentRef, state.status === 'ready' ? state.body.content : undefined);
  const savedIds = useSavedIdsRead();
  const textSize = useTextSize();
  const scale = TEXT_SIZES.find((s) => s.id === textSize)?.scale ?? 1;
  useEffect(() => {
    if (title) document.title = articleTitle(title);
  }, [title]);

  if (state.status === 'loading') return <LoadingScreen label="Loading the article" />;
  if (state.status === 'missing') {
    return (
      <div className="page">
        <div className="empty-state" data-testid="article-missing">
          <h1>{ARTICLE_MISSING.heading}</h1>
          <p>{MISSING_TEXT[state.reason]}</p>
          <Link to={paths.home} className="tap-link">Browse the articles on this device</Link>
        </div>
      </div>
    );
  }
  const { article, body } = state;
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        {article.category ? <CategoryBadge category={article.category} /> : null}
        <h1>{article.title}</h1>
        <p className={styles.subtitle}>{article.subtitle}</p>
        <p className={styles.date}>{new Date(article.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}</p>
      </header>
      <div className={actions.toolbar} role="group" aria-label="Article actions">
        <SaveButton article={article} saved={savedIds?.has(article._id)} withText />
        <ShareButton article={article} />
        {study.actions}
        <TextSizeControl />
      </div>
      {study.beforeText}
      {/* The server sanitises article HTML with an allow-list before storing it. */}
      <div
        ref={contentRef}
        className={`${styles.content} article-content`}
        style={{ '--read-scale': scale } as CSSProperties}
        data-testid="article-content"
        data-citations
        dangerouslySetInnerHTML={{ __html: body.content }}
      />
      {study.layer}
      <CommentSection articleId={article._id} />
    </article>
  );
}
