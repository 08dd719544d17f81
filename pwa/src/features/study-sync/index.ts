// Study sync's entry point for other features: My notes and the footer's device panel show the
// "Sync my notes" panel. They load it as a part drawn after the screen (optionalPart), so neither
// the first screen's bundle nor the footer's part carries the sync space's code.
export { StudySync } from './StudySync.tsx';
