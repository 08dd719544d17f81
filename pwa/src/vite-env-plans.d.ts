// The build's reading plans (pwa/vite-plugins/reading-plans.ts).
declare module 'virtual:reading-plans' {
  const plans: import('./features/plans/plan-days.ts').ReadingPlan[];
  export default plans;
}
