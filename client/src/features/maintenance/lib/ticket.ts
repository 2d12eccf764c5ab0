import type { MaintenanceStatus, MaintenanceTicketDto } from '@pos/contracts';
import type { TFunction } from 'i18next';

export const STATUS_COLOR: Record<
  MaintenanceStatus,
  'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info'
> = {
  received: 'primary',
  diagnosing: 'primary',
  waiting_approval: 'warning',
  waiting_parts: 'warning',
  in_repair: 'primary',
  ready: 'success',
  delivered: 'default',
  cancelled: 'default',
  returned_unrepaired: 'error',
};

/** "Phone — Samsung A52" */
export function deviceText(ticket: MaintenanceTicketDto, t: TFunction): string {
  const name = [ticket.brand, ticket.model].filter(Boolean).join(' ');
  const type = t(`deviceTypes.${ticket.deviceType}`);
  return name ? `${type} — ${name}` : type;
}
