// The home page's search and tab, kept in the address (`q` and `tab`) so a search and a category
// survive Back, a reload and a shared link, and the search box that edits them.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HOME_TABS, INDEX_TAB, type HomeTab } from '@fw/contracts/categories';
import { PREVIEWS_AT_ONCE, searchSubmitted } from '../search/index.ts';

/** Search results shown at first and added by each "Show more results". */
const RESULTS_AT_ONCE = PREVIEWS_AT_ONCE;
/**
 * How long a submitted reference may hold the page's redraw for its passage. Reading a chapter
 * from the device takes a few milliseconds, redrawing the page for a search (a router transition)
 * takes a phone tens; the passage is drawn first, then the page. A passage still on its way over
 * the network holds nothing longer than this.
 */
const PASSAGE_FIRST_MS = 150;

/** Submissions so far: a held redraw goes ahead only if no later search came meanwhile. */
let submissions = 0;

const SEARCH_PARAM = 'q';
const TAB_PARAM = 'tab';

const tabOf = (value: string | null): HomeTab => HOME_TABS.find((tab) => tab === value) ?? INDEX_TAB;

export function useHomeSearch() {
  const [params, setParams] = useSearchParams();
  const query = (params.get(SEARCH_PARAM) ?? '').trim();
  const tab = tabOf(params.get(TAB_PARAM));
  const [input, setInput] = useState(query);
  const [inputFor, setInputFor] = useState(query);
  const [shown, setShown] = useState(RESULTS_AT_ONCE);
  // Back and Forward change the address under the box: the box follows.
  if (inputFor !== query) {
    setInputFor(query);
    setInput(query);
  }

  /** One history entry per search; a tab change replaces the entry (arrow keys would flood Back). */
  function show(next: { query: string; tab: HomeTab }, replace: boolean) {
    const search = new URLSearchParams();
    if (next.query) search.set(SEARCH_PARAM, next.query);
    if (next.tab !== INDEX_TAB) search.set(TAB_PARAM, next.tab);
    // The Bible passage and the worker's answer start now, not once the page has been redrawn.
    const passage = searchSubmitted(next.query);
    const submission = ++submissions;
    const redraw = () => {
      if (submission !== submissions) return;
      setParams(search, { replace });
      setShown(RESULTS_AT_ONCE);
    };
    void Promise.race([passage, new Promise((resolve) => setTimeout(resolve, PASSAGE_FIRST_MS))]).then(redraw);
  }

  return {
    query,
    tab,
    input,
    setInput,
    shown,
    showMore: () => setShown((n) => n + RESULTS_AT_ONCE),
    submit(event: FormEvent) {
      event.preventDefault();
      show({ query: input.trim(), tab }, false);
    },
    clear() {
      setInput('');
      show({ query: '', tab }, false);
    },
    selectTab: (next: HomeTab) => show({ query, tab: next }, true),
    showAllCategories: () => show({ query, tab: INDEX_TAB }, false),
  };
}

export type HomeSearch = ReturnType<typeof useHomeSearch>;
