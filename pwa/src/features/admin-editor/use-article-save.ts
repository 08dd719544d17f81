// The article form's values and its save: through the outbox (sendWrite), as a new article or as
// the edited one (same id, with the version it was based on). A save the server did not refuse
// opens the after-save screen (SavedPanel.tsx) in place of the form.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { newObjectId } from '@fw/contracts/object-id';
import { sendWrite } from '../../sync/send-write.ts';
import { discardEntry } from '../../sync/outbox.ts';
import { LEAVE_UNSAVED, SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { paths } from '../../lib/paths.ts';
import { toArticleBody, type ArticleFormValues, type Prefill } from './article-form.ts';
import { outcomeOf, savedState } from './after-save.ts';

/** What a required field of only spaces is told (ArticleFields.tsx clears it as the field changes). */
const BLANK_MESSAGES = [
  { field: 'title', message: 'Enter a title: spaces alone are not one.' },
  { field: 'subtitle', message: 'Enter a subtitle: spaces alone are not one.' },
] as const;

/** `byUser: false` for a change the editor made of itself (Quill settling the text it was given). */
export type SetField = <K extends keyof ArticleFormValues>(field: K, value: ArticleFormValues[K], byUser?: boolean) => void;

export function useArticleSave(prefill: Prefill) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ArticleFormValues>(prefill.values);
  const [sending, setSending] = useState(false);
  const editing = prefill.target;
  // A save can finish after the admin has left the editor (a large picture, a slow server): its
  // after-save screen is then not shown, so it never takes them back from where they went. Left
  // means a navigation under way (the router keeps the editor on screen, and the address as it
  // was, until the next screen is ready; navigating now would cancel it) or done since the save
  // began (another location). Both are read at the answer, so they are kept in a ref each render.
  const location = useLocation();
  const navigation = useNavigation();
  const where = useRef({ key: location.key, moving: navigation.state !== 'idle' });
  useEffect(() => {
    where.current = { key: location.key, moving: navigation.state !== 'idle' };
  });
  // The values as last set, which the save reads: a click on Save right after typing can run
  // before React has drawn the last change (the editor reports it outside React's own events),
  // and the handler of the last drawing would send the text without it.
  const latest = useRef(values);
  // Whether the admin changed anything since the form opened, and whether its save is leaving it:
  // leaving the screen otherwise (a menu entry, Back) asks first, so a half-written article is not
  // lost to one tap. A reload or a closed tab is not asked about.
  const changed = useRef(false);
  const saving = useRef(false);
  const set: SetField = (field, value, byUser = true) => {
    if (byUser && latest.current[field] !== value) changed.current = true;
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
  };
  const { confirm, dialog } = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => changed.current && !saving.current && currentLocation.key !== nextLocation.key);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(LEAVE_UNSAVED).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = latest.current;
    // The browser's own check lets a field of spaces through (it is not empty); the server would
    // refuse it. Said at the field, as the browser says an empty one.
    const blank = BLANK_MESSAGES.find(({ field }) => !values[field].trim());
    if (blank) {
      const input = (event.currentTarget as HTMLFormElement | null)?.elements?.namedItem(blank.field);
      if (input instanceof HTMLInputElement) {
        input.setCustomValidity(blank.message);
        input.reportValidity();
      }
      return;
    }
    setSending(true);
    // From here the save carries the changes: leaving meanwhile is not asked about.
    saving.current = true;
    const startedAt = where.current.key;
    try {
      const id = editing?._id ?? newObjectId();
      const { entry, report } = await sendWrite(
        {
          kind: 'saveArticle',
          recordId: id,
          body: toArticleBody(values, id, editing),
          label: `${editing ? 'Update' : 'Create'} “${values.title.trim()}”`,
        },
        editing ? SUCCESS_FALLBACK.updated : SUCCESS_FALLBACK.created,
      );
      if (report?.outcome === 'failed') {
        // Refused (e.g. bad input): the text is still in the form to fix and send again, so the
        // refused copy need not wait in the outbox as well.
        await discardEntry(entry.seq!);
        saving.current = false;
        return;
      }
      if (where.current.moving || where.current.key !== startedAt) return;
      // Replaced, not pushed: Back should not return to a form whose save is done.
      navigate(paths.adminCreate, {
        replace: true,
        state: savedState({
          id,
          title: values.title.trim(),
          isPublished: values.isPublished,
          action: editing ? 'updated' : 'created',
          outcome: outcomeOf(report),
        }),
      });
    } catch {
      // sendWrite already showed why the device could not store it; the form keeps the text.
      saving.current = false;
    } finally {
      setSending(false);
    }
  }

  return { values, set, sending, submit, dialog };
}
