// The reading plans' two screens as one route module: one entry in the home bundle's list of what
// each lazy route loads, not two.
export { PlansPage } from '../features/plans/PlansPage.tsx';
export { PlanPage } from '../features/plans/PlanPage.tsx';
