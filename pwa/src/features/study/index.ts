// The study tools' entry point for other features (the article page draws them through it).
export { useArticleStudy } from './ArticleStudy.tsx';
