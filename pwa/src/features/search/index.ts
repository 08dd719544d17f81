// The search feature's entry point: what other features may use of it (the home page's search).
// The lint lets no other file of this folder be imported from outside it (README, "Layout").
export {
  PREVIEWS_AT_ONCE,
  searchArticles,
  startSearchSoon,
  withPreviews,
  SearchHits,
  type SearchHit,
} from './search.ts';
export { SearchExtras, prefetchSearchGroups, searchSubmitted } from './lazy-groups.tsx';
