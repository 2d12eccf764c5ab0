import { RequirePermissions } from '../../../core/auth/decorators';

/** Every e-invoicing endpoint but the POS's QR: can_see_einvoice and the Einvoice module. */
export const EinvoiceAccess = () => RequirePermissions(['can_see_einvoice'], ['Einvoice']);
