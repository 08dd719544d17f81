// The row actions the dashboard and All Articles share: publish/unpublish (no question asked) and
// delete (after a confirmation question; No leaves everything as it was).
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { sendWrite } from '../../sync/send-write.ts';
import { CONFIRM, SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import type { LocalAdminArticle } from '../../db/db.ts';

export function useArticleActions() {
  const { confirm, dialog } = useConfirm();

  async function togglePublish(article: LocalAdminArticle): Promise<void> {
    const publishing = !article.isPublished;
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
