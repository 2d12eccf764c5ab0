import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { handleError } from '../../../shared/api/handleError';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { customerKeys, customersApi } from '../api/customers.api';
import { CustomerStatement } from './CustomerStatement';

/**
 * Prints a customer's statement (A4): mounted with a customer id, it loads the customer and the
 * ledger, opens the print dialog once they are drawn, and calls `onDone` after printing.
 */
export function StatementPrint({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const customer = useQuery({
    queryKey: customerKeys.one(customerId),
    queryFn: () => customersApi.get(customerId),
  });
  const entries = useQuery({
    queryKey: customerKeys.statement(customerId),
    queryFn: () => customersApi.statement(customerId),
  });
  const ready = !!customer.data && !!entries.data;
  useEffect(() => {
    const err = customer.error ?? entries.error;
    if (err) {
      handleError(err, { toast: true });
      onDone();
    }
  }, [customer.error, entries.error, onDone]);
  useEffect(() => {
    if (!ready) return;
    printSoon();
    window.addEventListener('afterprint', onDone, { once: true });
    return () => window.removeEventListener('afterprint', onDone);
  }, [ready, onDone]);
  if (!customer.data || !entries.data) return null;
  return (
    <PrintArea layout="a4">
      <CustomerStatement customer={customer.data} entries={entries.data} />
    </PrintArea>
  );
}
