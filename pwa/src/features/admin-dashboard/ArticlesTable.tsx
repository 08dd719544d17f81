// The articles table of the dashboard ("Recent Articles") and of All Articles. A published title
// opens the public page in a new tab; a draft's title opens the editor with the article. On a
// phone each row is a card whose title carries the sync mark and whose status line shows
// Published, Draft or the scheduled time, so every state reads at 375 px.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, cell, type Column } from '../../components/ui/DataTable.tsx';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { ActionsCell, DeleteButton } from '../../components/ui/ActionsCell.tsx';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import { useAdminLoadProblem, useRecordMarks } from '../../sync/admin-status.ts';
import { shortDate } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import type { LocalAdminArticle } from '../../db/db.ts';
import { useArticleActions } from './use-article-actions.ts';
import styles from './ArticlesTable.module.css';
import { ArticleStatus } from './ArticleStatus.tsx';

interface ArticlesTableProps {
  label: string;
  titleColumn: 'Article Title' | 'Title';
  articles: LocalAdminArticle[] | undefined;
  /** In place of "No articles yet" (e.g. while a filter matches nothing). */
  empty?: ReactNode;
  /** Rows kept while newer ones are read (DataTable). */
  stale?: boolean;
}

export function ArticlesTable({ label, titleColumn, articles, empty, stale }: ArticlesTableProps) {
  const marks = useRecordMarks();
  const problem = useAdminLoadProblem();
  const { togglePublish, remove, dialog } = useArticleActions();
  const columns: Column[] = [
    { label: '#' },
    { label: titleColumn },
    { label: 'Date', hideSmall: true },
    { label: 'Status' },
    { label: 'Actions', actions: true },
  ];
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rowCount={articles?.length}
        problem={problem}
        stale={stale}
        cardsOnPhones
        empty={
          empty ?? (
            <>
              No articles yet. <Link to={paths.adminCreate}>Write the first one</Link>.
            </>
          )
        }
      >
        {articles?.map((article, index) => (
          <tr key={article._id} data-testid="article-row" data-id={article._id}>
            <td className={`${cell.number} ${cell.notInCards}`}>{index + 1}</td>
            <td>
              {article.isPublished ? (
                <a href={paths.article(article._id)} target="_blank" rel="noopener noreferrer" className={`tap-link ${styles.title}`}>
                  {article.title}
                </a>
              ) : (
                <Link to={paths.adminCreate} state={{ article }} className={`tap-link ${styles.title}`}>
                  {article.title}
                </Link>
              )}
              {marks.has(article._id) ? <PendingBadge mark={marks.get(article._id)} /> : null}
            </td>
            <td className={`${cell.hideSmall} ${cell.muted}`}>{shortDate(article.createdAt)}</td>
            <td data-testid="article-status">
              <ArticleStatus article={article} />
            </td>
            <ActionsCell>
              <button type="button" className={buttonStyles.small} onClick={() => void togglePublish(article)} data-action="publish">
                {article.isPublished ? 'Unpublish' : 'Publish'}
              </button>
              <DeleteButton label={`Delete “${article.title}”`} onClick={() => void remove(article)} />
            </ActionsCell>
          </tr>
        ))}
      </DataTable>
      {dialog}
    </>
  );
}
