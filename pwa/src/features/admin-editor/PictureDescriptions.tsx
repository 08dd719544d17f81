// Asks for a short description of every picture pasted or chosen into the editor, and offers
// "Edit description" on a picture clicked (or selected with the keyboard) later. The description
// becomes the picture's alt text in the saved article (the server keeps `alt`, sanitize.ts). It
// is an ordinary edit of the article's content, so it is saved, offline too, the way the rest is.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type ReactQuill from 'react-quill-new';
import type Delta from 'quill-delta';
import type { Range } from 'quill';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import {
  DESCRIBE_PICTURE_LABEL,
  DESCRIBE_PICTURE_SAVE,
  DESCRIBE_PICTURE_SKIP,
  DESCRIBE_PICTURE_TEXT,
  DESCRIBE_PICTURE_TITLE,
  EDIT_DESCRIPTION_LABEL,
  addedPictures,
  describePicture,
  indexOfPicture,
  pictureAt,
} from './picture-description.ts';
import styles from './RichTextEditor.module.css';

interface Offer {
  index: number;
  top: number;
  left: number;
}

export function PictureDescriptions({ editor }: { editor: RefObject<ReactQuill | null> }) {
  /** Pictures waiting to be described, the first one asked now, each with the text typed so far. */
  const [queue, setQueue] = useState<{ index: number; text: string }[]>([]);
  const [offer, setOffer] = useState<Offer | null>(null);
  const layer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const quill = editor.current?.getEditor();
    if (!quill) return;
    const offerFor = (index: number | null) => {
      const image = index === null ? null : pictureAt(quill, index);
      const origin = layer.current?.getBoundingClientRect();
      if (index === null || !image || !origin) return setOffer(null);
      const box = image.getBoundingClientRect();
      setOffer({ index, top: box.top - origin.top, left: box.left - origin.left });
    };
    const onChange = (change: Delta, _old: Delta, source: string) => {
      setOffer(null);
      if (source !== 'user') return;
      const added = addedPictures(change);
      if (added.length) setQueue((waiting) => [...waiting, ...added.map((index) => ({ index, text: '' }))]);
    };
    const onSelection = (range: Range | null) => {
      if (range?.length === 1 && pictureAt(quill, range.index)) offerFor(range.index);
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLImageElement) offerFor(indexOfPicture(quill, event.target));
      else setOffer(null);
    };
    quill.on('text-change', onChange);
    quill.on('selection-change', onSelection);
    quill.root.addEventListener('click', onClick);
    return () => {
      quill.off('text-change', onChange);
      quill.off('selection-change', onSelection);
      quill.root.removeEventListener('click', onClick);
    };
  }, [editor]);

  const asked = queue[0];
  const setText = (text: string) => setQueue(([first, ...rest]) => (first ? [{ ...first, text }, ...rest] : rest));
  /** null (Skip) leaves the picture as it was: no description, or the one it had. */
  const answer = (description: string | null) => {
    const quill = editor.current?.getEditor();
    if (quill && asked && description !== null) describePicture(quill, asked.index, description);
    setQueue((waiting) => waiting.slice(1));
  };

  return (
    <div ref={layer} className={styles.pictureLayer}>
      {offer ? (
        <button
          type="button"
          className={styles.editDescription}
          style={{ top: offer.top, left: offer.left }}
          onClick={() => {
            const quill = editor.current?.getEditor();
            const text = quill ? (pictureAt(quill, offer.index)?.getAttribute('alt') ?? '') : '';
            setQueue((waiting) => [...waiting, { index: offer.index, text }]);
            setOffer(null);
          }}
        >
          {EDIT_DESCRIPTION_LABEL}
        </button>
      ) : null}
      <ConfirmDialog
        open={asked !== undefined}
        title={DESCRIBE_PICTURE_TITLE}
        text={DESCRIBE_PICTURE_TEXT}
        field={{ label: DESCRIBE_PICTURE_LABEL, value: asked?.text ?? '', onChange: setText }}
        yesLabel={DESCRIBE_PICTURE_SAVE}
        noLabel={DESCRIBE_PICTURE_SKIP}
        yesTone="accent"
        onYes={() => answer(asked?.text ?? '')}
        onNo={() => answer(null)}
      />
    </div>
  );
}
