// The Quill editor (snow theme) for an article's content. This module and its CSS form their own
// chunk, loaded only by the create screen, so no public route ever downloads the editor.
import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { EDITOR_FORMATS, EDITOR_MODULES } from './quill-setup.ts';
import { PictureDescriptions } from './PictureDescriptions.tsx';
import styles from './RichTextEditor.module.css';

interface RichTextEditorProps {
  value: string;
  /** `byUser`: typed or formatted by the admin, not Quill settling the text it was given. */
  onChange: (html: string, byUser: boolean) => void;
  labelledBy: string;
  /** The id of a hint under the editor (how Tab and indenting work). */
  describedBy?: string;
}

export function RichTextEditor({ value, onChange, labelledBy, describedBy }: RichTextEditorProps) {
  const ref = useRef<ReactQuill>(null);
  useEffect(() => {
    // Quill's editable area is a div; name it after the form's label for screen readers.
    const root = ref.current?.getEditor().root;
    root?.setAttribute('aria-labelledby', labelledBy);
    root?.setAttribute('aria-multiline', 'true');
    root?.setAttribute('role', 'textbox');
    if (describedBy) root?.setAttribute('aria-describedby', describedBy);
    // Quill's heading picker is a span "button" with no text: give it and its choices names.
    const toolbar = root?.closest('.ql-container')?.previousElementSibling;
    toolbar?.querySelector('.ql-header .ql-picker-label')?.setAttribute('aria-label', 'Heading');
    toolbar?.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item').forEach((item) => {
      const level = item.dataset.value;
      item.setAttribute('aria-label', level ? `Heading ${level}` : 'Normal text');
    });
  }, [labelledBy, describedBy]);
  return (
    <div className={styles.editor}>
      <PictureDescriptions editor={ref} />
      <ReactQuill
        ref={ref}
        theme="snow"
        value={value}
        onChange={(html, _delta, source) => onChange(html, source === 'user')}
        modules={EDITOR_MODULES}
        formats={EDITOR_FORMATS}
        placeholder="Write the article…"
      />
    </div>
  );
}
