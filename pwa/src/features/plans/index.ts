// The reading plans' entry point for other features: the chapter reader draws the end-of-chapter
// mark through it, loaded after the chapter (only a device that follows a plan needs it).
import { optionalPart } from '../../components/ui/optional-part.tsx';

export const PlanReadingMark = optionalPart(async () => (await import('./PlanReadingMark.tsx')).PlanReadingMark);
