// A sync space's key as words a person can read aloud and type on another device. The key is 256
// random bits; the words are its BIP-39 form (24 words of the English list, the last carrying a
// checksum), so a mistyped or missing word is caught before anything is sent. Every word of the
// list is known by its first four letters, so typing those is enough, in any case, with any
// spaces, commas or line breaks between them.
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

const SPACE_KEY_BYTES = 32;
export const SPACE_WORD_COUNT = 24;

export const WORDS_MESSAGES = {
  count: (count: number) =>
    `These are ${count} word${count === 1 ? '' : 's'}; the words of a sync space are ${SPACE_WORD_COUNT}. Check the list on the other device.`,
  unknown: (word: string, position: number) =>
    `Word ${position}, "${word}", is not one of the sync words. Check its spelling on the other device.`,
  checksum: 'These words do not belong together: one of them is wrong or two are swapped. Check them against the other device.',
} as const;

export class SpaceWordsError extends Error {}

/** A fresh random space key. */
export function newSpaceKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SPACE_KEY_BYTES));
}

/** The key's words, in order. */
export function wordsOfKey(key: Uint8Array): string[] {
  if (key.length !== SPACE_KEY_BYTES) throw new Error(`a space key is ${SPACE_KEY_BYTES} bytes`);
  return entropyToMnemonic(key, wordlist).split(' ');
}

const byPrefix = new Map<string, string>();
for (const word of wordlist) byPrefix.set(word.slice(0, 4), word);

/** The list's word that `typed` names: the word itself, or its first four letters (or more). */
function wordOf(typed: string): string | undefined {
  const prefix = typed.slice(0, 4);
  const word = byPrefix.get(prefix);
  return word && word.startsWith(typed) ? word : undefined;
}

/** The key the typed words name; a SpaceWordsError with a sentence a person can act on if not. */
export function keyOfWords(text: string): Uint8Array {
  const typed = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (typed.length !== SPACE_WORD_COUNT) throw new SpaceWordsError(WORDS_MESSAGES.count(typed.length));
  const words = typed.map((word, index) => {
    const found = wordOf(word);
    if (!found) throw new SpaceWordsError(WORDS_MESSAGES.unknown(word, index + 1));
    return found;
  });
  try {
    return mnemonicToEntropy(words.join(' '), wordlist);
  } catch {
    throw new SpaceWordsError(WORDS_MESSAGES.checksum);
  }
}
