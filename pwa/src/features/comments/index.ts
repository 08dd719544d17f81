// The comments feature's entry point: what other features may use of it (the article page shows
// the comment section). The lint lets no other file of this folder be imported from outside it.
export { CommentSection } from './CommentSection.tsx';
