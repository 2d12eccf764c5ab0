// The pricing feature's public API: the customer's pricing group on the customer's page.
export { CustomerGroupField } from './components/CustomerGroupField';
