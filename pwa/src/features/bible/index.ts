// The bible feature's entry point: what other features may use of it (a lesson's text with its
// citations as links). The lint lets no other file of this folder be imported from outside it.
export { CitedText } from './CitedText.tsx';
export { usePassage } from './use-passage.ts';
