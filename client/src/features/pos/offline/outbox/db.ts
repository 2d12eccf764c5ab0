import { Dexie, type EntityTable, type Table } from 'dexie';
import type { CreateSaleDto } from '@pos/contracts';

// The device's outbox (issue 32, docs/decisions/0070): its identity and receipt counter, the
// sales waiting for the server and the ones it refused. Never dropped by the app: a sale leaves
// the queue only for the server's invoice or, refused, for the refused list.

import { OUTBOX_DB_NAME } from '../../../../shared/lib/outboxWaiting';

export const OUTBOX_DB = OUTBOX_DB_NAME;

/** This browser profile as a till of its branch. */
export type DeviceIdentity = {
  key: 'device';
  id: string;
  name: string;
  /** filled once the server registered it */
  branchId: string | null;
  receiptPrefix: string | null;
  number: number | null;
};

/** The next number of the device's own receipt series (never handed out twice). */
export type ReceiptCounter = { key: 'counter'; next: number };

/** Where Web Locks are missing (an insecure context): the tab that sends, for a while. */
export type SendLease = { key: 'lease'; owner: string; until: number };

/**
 * The head of the till's own e-receipt chain (issue 32 item 6): the UUID of the last receipt it
 * built on `serial`, moved on in the transaction that queues its sale. Another serial starts anew.
 */
export type EtaChainHead = { key: 'eta-chain'; serial: string; lastUuid: string; count: number };

export type MetaRow = DeviceIdentity | ReceiptCounter | SendLease | EtaChainHead;

/** The e-receipt a till built for a queued sale: what its receipt prints and its age shows. */
export type QueuedEReceipt = {
  uuid: string;
  dateTimeIssued: string;
  /** ETA's QR text */
  qr: string;
  issuerRin: string;
  branchCode: string;
};

/** A sale waiting for the server (its body as it will be sent, the device's fields in it). */
export type QueuedSale = {
  /** the sale's id (its idempotency key) */
  id: string;
  /** order of the queue: the device's receipt number */
  receiptNo: number;
  dto: CreateSaleDto & { device: NonNullable<CreateSaleDto['device']> };
  /** the printed receipt number `<prefix>-<n>` (`#<n>` while the device was not registered) */
  receipt: string;
  total: number;
  /** the user who rang it: sent with their grant, or else only in their session */
  userId: string;
  /**
   * The cashier's grant for this till when it was rung (issue 32 item 7): the sale is sent with it,
   * so the server books it to them whoever is signed in by then. Absent: only in their session.
   */
  grant?: string;
  rungAt: string;
  attempts: number;
  lastError: string | null;
  /**
   * While the cashier waits for the first answer at the till, the sender leaves it alone until
   * then (a tab that closed meanwhile: after that time the sender takes it like any other).
   */
  directUntil: number;
  /** the e-receipt the till built (offline, with a serial); the sale's device.eReceipt carries its UUIDs */
  eReceipt?: QueuedEReceipt;
};

/** A sale the server refused: kept with its reason until someone deals with it. */
export type RefusedSale = {
  id: string;
  receiptNo: number;
  dto: CreateSaleDto;
  receipt: string;
  total: number;
  status: number;
  code: string | null;
  reason: string;
  at: string;
};

/**
 * A refused sale a manager dismissed after dealing with it (re-entered online, settled): it leaves
 * the refused list but stays on the device, with who, when and why (the device's audit trail;
 * the server has no endpoint to receive it, docs/offline.md).
 */
export type DismissedSale = RefusedSale & {
  dismissedAt: string;
  dismissedBy: { id: string; name: string };
  dismissReason: string;
};

export class OutboxDb extends Dexie {
  meta!: Table<MetaRow, MetaRow['key']>;
  queue!: EntityTable<QueuedSale, 'id'>;
  refused!: EntityTable<RefusedSale, 'id'>;
  dismissed!: EntityTable<DismissedSale, 'id'>;

  constructor(name = OUTBOX_DB) {
    super(name);
    this.version(1).stores({
      meta: 'key',
      queue: 'id, receiptNo',
      refused: 'id, at',
    });
    // Only a table added: nothing already on the device is touched.
    this.version(2).stores({ dismissed: 'id, dismissedAt' });
    // (issue 32 item 6: the e-receipt chain head is a `meta` row and a queued sale's e-receipt a
    // field of its row: neither is indexed, so they need no version of their own)
  }
}

let shared: OutboxDb | null = null;
/** The page's one connection to the outbox. */
export function outboxDb(): OutboxDb {
  shared ??= new OutboxDb();
  return shared;
}
