// The customers' public API for other features: the search and quick add of the POS and the
// invoice filter.
export { customerKeys, customersApi, type CustomerSearchHit } from './api/customers.api';
export { CustomerSearchField } from './components/CustomerSearchField';
