// The study tools' entry point for other features (the article page and the chapter reader draw
// them through it).
export { useArticleStudy } from './ArticleStudy.tsx';
export { useVerseMarks, VerseHighlightSheet, VerseHighlightTools, type VerseSheetState } from './VerseStudy.tsx';
export { selectionPassage } from './verse-anchor.ts';
// The backup of the reader's own data, for features whose records it carries (reading plans).
export { makeBackupFile, restoreBackup } from './study-store.ts';
export { BACKUP_MESSAGES, BACKUP_VERSION, planMerge, type StudyData } from './backup.ts';
