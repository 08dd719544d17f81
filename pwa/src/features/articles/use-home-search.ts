// The home page's search and tab, kept in the address (`q` and `tab`) so a search and a category
// survive Back, a reload and a shared link, and the search box that edits them. How many results
// "Show more results" has shown is kept with the history entry (lib/entry-state.ts), so Back from a
// result far down the list finds it drawn, at the place left.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HOME_TABS, INDEX_TAB, type HomeTab } from '@fw/contracts/categories';
import { useEntryState } from '../../lib/entry-state.ts';
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
/** The field of history.state that holds how many results are shown. */
const RESULTS_SHOWN = 'homeResultsShown';

/** A count kept by "Show more results" (whole screenfuls beyond the first), else the first screenful. */
const shownOf = (kept: unknown): number =>
  typeof kept === 'number' && Number.isInteger(kept) && kept > RESULTS_AT_ONCE ? kept : RESULTS_AT_ONCE;

const tabOf = (value: string | null): HomeTab => HOME_TABS.find((tab) => tab === value) ?? INDEX_TAB;

export function useHomeSearch() {
  const [params, setParams] = useSearchParams();
  const query = (params.get(SEARCH_PARAM) ?? '').trim();
  const tab = tabOf(params.get(TAB_PARAM));
  const [input, setInput] = useState(query);
  const [inputFor, setInputFor] = useState(query);
  // Each search is an entry of its own, and a tab change replaces the entry (a new one to the
  // router): either starts at the first screenful.
  const [shown, setShown] = useEntryState(RESULTS_SHOWN, shownOf);
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
    };
    void Promise.race([passage, new Promise((resolve) => setTimeout(resolve, PASSAGE_FIRST_MS))]).then(redraw);
  }

  return {
    query,
    tab,
    input,
    setInput,
    shown,
    showMore: () => setShown(shown + RESULTS_AT_ONCE),
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
