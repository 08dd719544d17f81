// The study sync screens' sentences, once: the screens and their browser test read them here.
export const SYNC_TEXT = {
  warning: 'Anyone with these words can read and change your notes. Lost words cannot be recovered.',
  /** Said before there are any words: what they will be. */
  before: 'Sync uses 24 words instead of an account. Anyone who has them can read and change your notes, and lost words cannot be recovered.',
  linked: 'Your notes sync with every device linked to this space.',
  nothingLost: 'Nothing on this device is lost: your notes stay here.',
  removedKeeps: 'Your notes stay on this device.',
  sending: 'Sending your notes to the space. The words come once they are there.',
} as const;
