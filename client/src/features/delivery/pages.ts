// Delivery orders (/Delivery, the driver's own list at /Delivery?mine=1) and one order (/Delivery/{id}).
import { lazy } from 'react';

export const pages = {
  Delivery: lazy(() => import('./components/DeliveryPage')),
  'Delivery-id': lazy(() => import('./components/DeliveryOrderPage')),
};
