// Account: the signed-in user's own password and two-factor settings (the user menu's dialog) and
// the forced step after sign-in. The shell loads it lazily (app/RootLayout, app/layout/DashboardLayout).
export { default as AccountDialog } from './AccountDialog';
export { default as AccountStepPage } from './AccountStepPage';
