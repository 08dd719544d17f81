// The row actions the dashboard and All Articles share: publish/unpublish and delete. Delete asks
// first; so does Publish on a draft scheduled for later, since publishing now drops its time. No
// (or Cancel) leaves everything as it was.
import { useConfirm, type ConfirmQuestion } from '../../components/ui/useConfirm.tsx';
import { sendWrite } from '../../sync/send-write.ts';
import { CONFIRM, SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import { scheduledTime } from '../../lib/schedule-time.ts';
import type { LocalAdminArticle } from '../../db/db.ts';

/** The question Publish asks first, or null when it publishes at once (no schedule, or unpublishing). */
export function publishQuestion(article: Pick<LocalAdminArticle, 'isPublished' | 'publishAt'>): ConfirmQuestion | null {
  if (article.isPublished || !article.publishAt) return null;
  return {
    title: 'Publish now?',
    text: `This article is scheduled for ${scheduledTime(article.publishAt)}. Publish it now instead?`,
    yesLabel: 'Publish now',
    noLabel: 'Cancel',
  };
}

export function useArticleActions() {
  const { confirm, dialog } = useConfirm();

  async function togglePublish(article: LocalAdminArticle): Promise<void> {
    const publishing = !article.isPublished;
    const question = publishQuestion(article);
    if (question && !(await confirm(question))) return;
    await sendWrite(
      {
        kind: 'togglePublish',
        recordId: article._id,
        body: { id: article._id },
        label: `${publishing ? 'Publish' : 'Unpublish'} “${article.title}”`,
      },
      publishing ? SUCCESS_FALLBACK.published : SUCCESS_FALLBACK.unpublished,
    ).catch(() => undefined);
  }

  async function remove(article: LocalAdminArticle): Promise<void> {
    if (!(await confirm(CONFIRM.deleteArticle))) return;
    await sendWrite(
      { kind: 'deleteArticle', recordId: article._id, body: { id: article._id }, label: `Delete “${article.title}”` },
      SUCCESS_FALLBACK.deletedArticle,
    ).catch(() => undefined);
  }

  return { togglePublish, remove, dialog };
}
