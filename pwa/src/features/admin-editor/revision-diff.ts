// An earlier version against the current text, paragraph by paragraph: the article's top-level
// blocks (paragraphs, headings, lists, quotes, code) are compared whole with the `diff` package's
// array diff (a longest-common-subsequence diff, so a paragraph inserted in the middle does not
// mark everything after it). The revision is what is shown: its blocks the current text lacks are
// "changed", and current blocks it lacks are shown where they would stand, as "removed".

import { diffArrays } from 'diff';

type BlockChange = 'same' | 'changed' | 'removed';

export interface MarkedBlock {
  html: string;
  change: BlockChange;
}

/** The top-level blocks of article HTML, each as its own HTML; loose text becomes a block too. */
export function splitBlocks(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const blocks: string[] = [];
  for (const node of template.content.childNodes) {
    if (node.nodeType === Node.ELEMENT_NODE) blocks.push((node as Element).outerHTML);
    else if (node.textContent?.trim()) blocks.push(node.textContent);
  }
  return blocks;
}

/** The revision's blocks, marked against the current text's. */
export function markChanges(currentHtml: string, revisionHtml: string): MarkedBlock[] {
  const marked: MarkedBlock[] = [];
  for (const part of diffArrays(splitBlocks(currentHtml), splitBlocks(revisionHtml))) {
    const change: BlockChange = part.added ? 'changed' : part.removed ? 'removed' : 'same';
    for (const html of part.value) marked.push({ html, change });
  }
  return marked;
}
