export { SearchField, SelectFilter } from './FilterBar';
export type { Column } from './DataTable';
