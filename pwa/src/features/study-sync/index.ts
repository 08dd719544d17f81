// Study sync's entry point for other features: My notes and the footer's device panel show the
// "Sync my notes" panel. It is a part loaded after the screen (optionalPart), so neither the first
// screen's bundle nor the footer carries the sync space's code until the panel is drawn.
import { optionalPart } from '../../components/ui/optional-part.tsx';

export const StudySyncPanel = optionalPart(async () => (await import('./StudySync.tsx')).StudySync);
