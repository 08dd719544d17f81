// Quill set up for our rules, once, when the editor chunk loads: refused image types are reported
// (Quill alone drops them silently), links keep only the allowed protocols (editor-rules.ts),
// and pasted images that are not png/jpeg data URLs are left out (they would be fetched from
// elsewhere, and the server drops them anyway). Only the editor chunk imports this module.
import { Quill } from 'react-quill-new';
import Delta from 'quill-delta';
import type UploaderType from 'quill/modules/uploader';
import type LinkType from 'quill/formats/link';
import type { QuillOptions } from 'quill';
import { notifyError } from '../../components/ui/toast.tsx';
import {
  EDITOR_HEADER_LEVELS,
  EDITOR_HISTORY_DELAY_MS,
  EDITOR_HISTORY_MAX_STACK,
  EDITOR_IMAGE_TYPES,
  EDITOR_LINK_PROTOCOLS,
  EDITOR_SANITIZED_URL,
  IMAGE_REFUSED_MESSAGE,
  isAllowedImageSrc,
} from './editor-rules.ts';

const Uploader = Quill.import('modules/uploader') as typeof UploaderType;
const Link = Quill.import('formats/link') as typeof LinkType;

class RefusingUploader extends Uploader {
  override upload(range: Parameters<UploaderType['upload']>[0], files: FileList | File[]): void {
    const list = Array.from(files);
    const allowed = this.options.mimetypes ?? [];
    if (list.some((file) => !allowed.includes(file.type))) notifyError(IMAGE_REFUSED_MESSAGE);
    super.upload(range, list);
  }
}

Quill.register('modules/uploader', RefusingUploader, true);
Link.PROTOCOL_WHITELIST = [...EDITOR_LINK_PROTOCOLS];
Link.SANITIZED_URL = EDITOR_SANITIZED_URL;

export const EDITOR_FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'code-block',
  'list',
  'indent',
  'link',
  'image',
];

/** Quill's bindings named here are switched off (null) or replaced. */
const TAB_BINDINGS = ['tab', 'remove tab', 'indent', 'outdent', 'indent code-block', 'outdent code-block'] as const;

/**
 * Tab and Shift+Tab leave the editor like any other field (a keyboard user must be able to reach
 * Category and the submit button); indenting stays on the toolbar and on Ctrl/Cmd+] and [.
 */
const KEYBOARD_BINDINGS: Record<string, unknown> = {
  ...Object.fromEntries(TAB_BINDINGS.map((name) => [name, null])),
  'indent shortcut': {
    key: ']',
    shortKey: true,
    handler(this: { quill: Quill }) {
      this.quill.format('indent', '+1', Quill.sources.USER);
    },
  },
  'outdent shortcut': {
    key: '[',
    shortKey: true,
    handler(this: { quill: Quill }) {
      this.quill.format('indent', '-1', Quill.sources.USER);
    },
  },
};

export const EDITOR_MODULES: QuillOptions['modules'] = {
  toolbar: [
    [{ header: [...EDITOR_HEADER_LEVELS, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    ['blockquote', 'code-block'],
    [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
    ['link', 'image'],
    ['clean'],
  ],
  history: { maxStack: EDITOR_HISTORY_MAX_STACK, delay: EDITOR_HISTORY_DELAY_MS, userOnly: true },
  keyboard: { bindings: KEYBOARD_BINDINGS },
  uploader: { mimetypes: [...EDITOR_IMAGE_TYPES] },
  clipboard: {
    matchers: [
      [
        'IMG',
        (node: Node, delta: Delta) =>
          isAllowedImageSrc((node as HTMLImageElement).getAttribute('src') ?? '') ? delta : new Delta(),
      ],
    ],
  },
};
