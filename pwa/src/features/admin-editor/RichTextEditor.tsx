// The Quill editor (snow theme) for an article's content. This module and its CSS form their own
// chunk, loaded only by the create screen, so no public route ever downloads the editor.
import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { EDITOR_FORMATS, EDITOR_MODULES } from './quill-setup.ts';
import styles from './RichTextEditor.module.css';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}

export function RichTextEditor({ value, onChange, labelledBy }: RichTextEditorProps) {
  const ref = useRef<ReactQuill>(null);
  useEffect(() => {
    // Quill's editable area is a div; name it after the form's label for screen readers.
    const root = ref.current?.getEditor().root;
    root?.setAttribute('aria-labelledby', labelledBy);
    root?.setAttribute('aria-multiline', 'true');
    root?.setAttribute('role', 'textbox');
  }, [labelledBy]);
  return (
    <div className={styles.editor}>
      <ReactQuill
        ref={ref}
        theme="snow"
        value={value}
        onChange={(html) => onChange(html)}
        modules={EDITOR_MODULES}
        formats={EDITOR_FORMATS}
        placeholder="Write the article…"
      />
    </div>
  );
}
