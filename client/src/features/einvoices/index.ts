// E-invoices: /E-invoices, /E-invoices/New, /E-invoices/{id}.
export { pages } from './pages';
