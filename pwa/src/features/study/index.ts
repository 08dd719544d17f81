// The study tools' entry point for other features (the article page and the chapter reader draw
// them through it).
export { useArticleStudy } from './ArticleStudy.tsx';
export { useVerseMarks, VerseHighlightSheet, VerseHighlightTools, type VerseSheetState } from './VerseStudy.tsx';
export { selectionPassage } from './verse-anchor.ts';
