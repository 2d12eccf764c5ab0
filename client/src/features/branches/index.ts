// The branches' public API for other features: the branch choices of forms and filters.
export { useBranchOptions } from './api/branches.api';
