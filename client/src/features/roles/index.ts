// The roles' public API for other features: the grouped permission checkboxes (API keys' form).
export { PermissionGroups } from './components/PermissionGroups';
