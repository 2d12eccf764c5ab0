import type {
  LiveEvent,
  LiveEventType,
  MoneyTransferPayload,
  PermissionKey,
  TransferPayload,
} from '@pos/contracts';

/** What a push needs to know about its receiver (a subset of AuthUser). */
export type LiveViewer = {
  id: string;
  permissions: readonly PermissionKey[];
  /** an integration's API key, bounded like on HTTP (issue 30 item 11) */
  viaApiKey?: boolean;
};

type Rule = {
  /** the permission of the matching read; without it the event is not delivered */
  require?: PermissionKey;
  /** payload fields delivered only with a permission, or with all of several (the same the read applies) */
  fields?: Record<string, PermissionKey | PermissionKey[]>;
  /** extra per-receiver condition (e.g. someone else's shift needs view_all_shifts) */
  visible?: (event: LiveEvent, viewer: LiveViewer) => boolean;
  /**
   * An API key (issue 30 item 11): an event without `require` mirrors a read open to "any signed-in
   * user", which a key may call only where the endpoint names the keys that admit it
   * (`@Authenticated({ apiKey })`); the same keys here. Without them a key never receives it.
   */
  apiKey?: PermissionKey[];
};

const ownShiftOrAll = (event: LiveEvent, viewer: LiveViewer) =>
  viewer.permissions.includes('view_all_shifts') ||
  (event.payload as { cashierId?: string }).cashierId === viewer.id;

const transfer: Rule = {
  require: 'can_transfer_products',
  // a cost figure: also needs can_see_buy_price, like every cost in a read
  fields: { valueAtCost: ['can_see_transfer_totals', 'can_see_buy_price'] },
};
const shift: Rule = { fields: { totals: 'can_see_shift_totals' }, visible: ownShiftOrAll };

/**
 * Every push is filtered like the read it mirrors (DESIGN.md §3): stock figures like the POS search
 * (any signed-in user of the branch), the low list like GET /variants/getNearStockEnd, sales like the
 * invoice list (totals with can_see_invoices_totals, profit with can_see_profit), shifts like
 * /Shift/{id} (own shifts unless view_all_shifts; totals with can_see_shift_totals), transfers like
 * the transfer screens (value at cost with can_see_transfer_totals and can_see_buy_price).
 */
export const LIVE_EVENT_RULES: Record<LiveEventType, Rule> = {
  // the POS search admits a key holding can_see_products (GET /variants/search)
  'stock.changed': { apiKey: ['can_see_products'] },
  'stock.low': { require: 'can_see_near_end_products' },
  'sale.completed': {
    require: 'can_see_invoices',
    fields: {
      total: 'can_see_invoices_totals',
      payments: 'can_see_invoices_totals',
      profit: 'can_see_profit',
    },
  },
  'shift.opened': shift,
  'shift.totals': shift,
  'shift.closed': shift,
  'transfer.requested': transfer,
  'transfer.approved': transfer,
  'transfer.rejected': transfer,
  'transfer.shipped': transfer,
  'transfer.received': transfer,
  'transfer.cancelled': transfer,
  'stocktaking.progress': { require: 'can_start_stock_taking' },
  'installment.due': { require: 'can_see_installments' },
  'einvoice.status': { require: 'can_see_einvoice' },
  // like GET /Expenses/due: any holder of can_see_expenses in the branch
  'expenses.due': { require: 'can_see_expenses' },
  // like GET /Cheques?dueSoon=true and the dashboard's card (cheques need can_see_vault_totals)
  'cheque.due': { require: 'can_see_vault_totals' },
  // like GET /MoneyTransactions (the vault keeper's read)
  'money.transfer': { require: 'can_see_vault_totals' },
  // like GET /Maintenance/counts and GET /Maintenance/{id}: any signed-in user of the branch (the
  // Maintenance module gates the routes; docs/decisions/ "Maintenance")
  'maintenance.counts': {},
  'maintenance.ready': {},
  // like GET /Reservations and GET /Delivery: any signed-in user of the branch (docs/decisions/)
  'reservation.changed': {},
  'delivery.changed': {},
  // like GET /Batches/expiring (the low-stock list's permission: docs/decisions/0111)
  'lots.expiring': { require: 'can_see_near_end_products' },
};

/** The branch rooms an event goes to: its branch, and for transfers both ends. */
export function eventBranches(event: LiveEvent): string[] {
  if (event.type.startsWith('transfer.') || event.type === 'money.transfer') {
    const p = event.payload as TransferPayload | MoneyTransferPayload;
    return [...new Set([event.branchId, p.fromBranchId, p.toBranchId].filter(Boolean))];
  }
  return [event.branchId];
}

/** The permission keys that can change what a viewer receives (sockets are grouped by them). */
export const RELEVANT_KEYS: PermissionKey[] = [
  ...new Set(
    Object.values(LIVE_EVENT_RULES).flatMap((r) => [
      ...(r.require ? [r.require] : []),
      ...Object.values(r.fields ?? {}).flat(),
      ...(r.apiKey ?? []),
    ]),
  ),
].sort();

/**
 * The event as this viewer may see it, or null when it must not reach them. Unknown event types
 * are never delivered.
 */
export function projectEvent(event: LiveEvent, viewer: LiveViewer): LiveEvent | null {
  const rule = LIVE_EVENT_RULES[event.type];
  if (!rule) return null;
  if (rule.require && !viewer.permissions.includes(rule.require)) return null;
  // A key gets an event open to any signed-in user only where the matching read admits a key.
  if (
    viewer.viaApiKey &&
    !rule.require &&
    !(rule.apiKey?.length && rule.apiKey.every((k) => viewer.permissions.includes(k)))
  )
    return null;
  if (rule.visible && !rule.visible(event, viewer)) return null;
  if (!rule.fields) return event;
  let payload = event.payload as Record<string, unknown>;
  for (const [field, keys] of Object.entries(rule.fields)) {
    const allowed = (Array.isArray(keys) ? keys : [keys]).every((k) =>
      viewer.permissions.includes(k),
    );
    if (field in payload && !allowed) {
      if (payload === event.payload) payload = { ...payload };
      delete payload[field];
    }
  }
  return payload === event.payload ? event : ({ ...event, payload } as LiveEvent);
}

/** Viewers with the same key receive the same projection of this event (one encode per group). */
export function viewerKey(event: LiveEvent, viewer: LiveViewer): string {
  const perms =
    (viewer.viaApiKey ? 'key:' : '') +
    RELEVANT_KEYS.filter((k) => viewer.permissions.includes(k)).join(',');
  return LIVE_EVENT_RULES[event.type]?.visible ? `${perms}|${viewer.id}` : perms;
}
