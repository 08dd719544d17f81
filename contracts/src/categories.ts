// The category list (the editor's dropdown and the home tabs) with the text each tab shows.
export const CATEGORY_NAMES = ['Life', 'Spirit', 'Truth', 'Proof', 'Hope'] as const;
type CategoryName = (typeof CATEGORY_NAMES)[number];

export interface CategoryItem {
  category: CategoryName;
  heading: string;
  description: string;
}

export const CATEGORIES: readonly CategoryItem[] = [
  {
    category: 'Life',
    heading: 'Life',
    description:
      'Practical ways to live wisely and peacefully, applying Bible principles to stress, family life and money.',
  },
  {
    category: 'Spirit',
    heading: 'Spirit',
    description: 'The inner qualities worth growing: love, courage, humility and more.',
  },
  {
    category: 'Truth',
    heading: 'Truth',
    description: 'What the Bible itself teaches about pure worship.',
  },
  {
    category: 'Proof',
    heading: 'Proof',
    description:
      "Evidence from science, history, prophecy and archaeology that points to the Bible's divine origin.",
  },
  {
    category: 'Hope',
    heading: 'Hope',
    description: "God's promises: the Kingdom, the resurrection and the end of suffering.",
  },
];

/** The home page's tabs: Index shows everything and has no heading. */
export const INDEX_TAB = 'Index';
export const HOME_TABS = [INDEX_TAB, ...CATEGORY_NAMES] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/** A category may be sent as a string or as an object holding a `category` field. */
export function categoryOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'category' in value) {
    const inner = (value as { category: unknown }).category;
    return typeof inner === 'string' ? inner : '';
  }
  return '';
}
