// Reservations (/Reservations): variants held for customers against a deposit.
import { lazy } from 'react';

export const pages = {
  Reservations: lazy(() => import('./components/ReservationsPage')),
};
