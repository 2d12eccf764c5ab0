// Maintenance: repair tickets (/Maintenance, /Maintenance/{id}).
export { pages } from './pages';
