import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import {
  normalizeSerial,
  routePath,
  SERIAL_PATTERN,
  type MaintenanceSerialDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiClientError } from '../../../shared/api/http';
import { formatDate, formatDay, LRI, PDI } from '../../../shared/lib/format';
import { maintenanceApi, maintenanceKeys } from '../api/maintenance.api';

/**
 * What a ticket's serial or IMEI names (issue 34 item 4, docs/decisions/0128): the device's last
 * sale — the invoice (a link to it), the customer, the day, the warranty's end, returned since —
 * or that no unit has the code. Nothing while the code cannot be a serial, or the lookup fails
 * for another reason (the ticket is taken in all the same). `onFound` hands the device over (the
 * intake fills the customer and the model from it).
 */
export function SerialSaleNote({
  code,
  onFound,
}: {
  code: string;
  onFound?: (device: MaintenanceSerialDto) => void;
}) {
  const { t } = useTranslation('maintenance');
  const serial = normalizeSerial(code);
  const valid = serial.length >= 4 && SERIAL_PATTERN.test(serial);
  const found = useQuery({
    queryKey: maintenanceKeys.serial(serial),
    queryFn: () => maintenanceApi.serial(serial),
    enabled: valid,
    retry: false,
    staleTime: 60_000,
  });
  const device = valid ? found.data : undefined;
  useEffect(() => {
    if (device) onFound?.(device);
    // once per device found
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [device]);
  if (!valid) return null;
  if (isApiClientError(found.error) && found.error.status === 404)
    return (
      <Alert severity="info" data-testid="ticket-serial-unknown">
        {t('serialSale.unknown')}
      </Alert>
    );
  if (!device) return null;
  const { sale } = device;
  if (!sale)
    return (
      <Alert severity="info" data-testid="ticket-serial-sale">
        {t('serialSale.notSold', { product: device.productName })}
      </Alert>
    );
  const values = {
    product: device.productName,
    number: `${LRI}${sale.number ?? ''}${PDI}`,
    customer: sale.customerName ?? t('serialSale.noCustomer'),
    date: formatDate(sale.at),
    warrantyEnd: formatDay(sale.warrantyEnd),
  };
  return (
    <Alert
      severity={sale.returned ? 'warning' : 'success'}
      data-testid="ticket-serial-sale"
      action={
        <Link
          component={RouterLink}
          to={routePath('invoices-id', { id: sale.saleId })}
          data-testid="ticket-serial-sale-link"
          sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
        >
          {t('serialSale.open')}
        </Link>
      }
    >
      {t('serialSale.sold', values)}
      {sale.returned && ` ${t('serialSale.returned')}`}
    </Alert>
  );
}
