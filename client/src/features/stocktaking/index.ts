// The stock-taking's public API for other features: the per-inventory list of counts shown on
// /Inventories/{id}. Lazy: it is below the fold of that page.
import { lazy } from 'react';

export const StockTakingsSection = lazy(() => import('./components/StockTakingsSection'));
