// Delivery's public API for other features: the POS marks a finished sale for delivery.
export { pages } from './pages';
export { DeliveryCreateDialog } from './components/DeliveryCreateDialog';
