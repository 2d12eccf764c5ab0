import { useMatches } from 'react-router';
import EInvoicePage from './EInvoicePage';
import EInvoicesPage from './EInvoicesPage';
import NewEInvoicePage from './NewEInvoicePage';

/** The page of the current e-invoice route (one lazy chunk for the three; see ../pages.ts). */
export default function EInvoicesRoutes() {
  const matches = useMatches();
  const name = (matches[matches.length - 1]?.handle as { name?: string } | undefined)?.name;
  if (name === 'E-invoices-New') return <NewEInvoicePage />;
  if (name === 'E-invoices-id') return <EInvoicePage />;
  return <EInvoicesPage />;
}
