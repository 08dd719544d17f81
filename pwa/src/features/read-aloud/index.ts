// Listen (read aloud) for the features that show reading text: articles and lessons.
export { ListenControl } from './ListenControl.tsx';
