// The customer display (issue 35 item 3, docs/decisions/0115): what a till shows its customer on a
// second screen, the wire form shared by the till (publisher), the server (relay to the register's
// room) and the display (/CustomerDisplay).

/** Socket messages of the customer display (client ↔ server). */
export const DISPLAY_MESSAGES = {
  /** till → server: "I am the till of my open shift's register" (ack: its register or a refusal) */
  till: 'display:till',
  /** display → server: join a register's room (ack: ok or a refusal's code) */
  join: 'display:join',
  /** till → server → the register's room: the cart as the customer sees it */
  cart: 'display:cart',
  /** server → the register's room: a display joined; the till sends its last snapshot again */
  hello: 'display:hello',
} as const;

/** The socket room of one register of a branch (the till and its displays). */
export const registerRoom = (branchId: string, register: number): string =>
  `register:${branchId}:${register}`;

/** The BroadcastChannel a till and a display on the same device share. */
export const DISPLAY_CHANNEL = 'pos.customer-display';

/** A snapshot larger than this (serialised) is dropped by the server. */
export const DISPLAY_SNAPSHOT_MAX_BYTES = 64 * 1024;

export const REGISTER_MIN = 1;
export const REGISTER_MAX = 99;

export const isRegisterNumber = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= REGISTER_MIN &&
  value <= REGISTER_MAX;

/** One line as the customer sees it (money in piasters, quantity as a decimal number). */
export type DisplayLine = {
  /** the line's variant (keeps a line's row on the display while others come and go) */
  id: string;
  /** the product's name with its properties */
  name: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  /** the line's discount (promotions and the cashier's) */
  discount: number;
  /** quantity × unit price − the line's discount (the invoice discount is the totals' own) */
  lineTotal: number;
  /** the promotions applied to the line, by name */
  promotions: string[];
};

/**
 * The display's phases: `idle` (nothing in the cart), `cart` (lines being rung up), `paying` (the
 * payment dialog open: the total to pay), `done` (the sale made: paid, change, the e-receipt's QR).
 */
export type DisplayPhase = 'idle' | 'cart' | 'paying' | 'done';

/** The compact state a till publishes on every change (at most one message per ~50 ms). */
export type DisplaySnapshot = {
  v: 1;
  /** a random id of the publishing till tab (a new tab restarts `seq`) */
  src: string;
  /** increases with every snapshot of `src` (an older one arriving late is ignored) */
  seq: number;
  /** the till's clock (ms) when the change that this snapshot shows happened */
  at: number;
  /** the till's branch and register (set by the till; the server relays only to its own room) */
  branchId: string | null;
  register: number;
  phase: DisplayPhase;
  lines: DisplayLine[];
  itemCount: number;
  subtotal: number;
  /** Σ line discounts (promotions included) + the invoice discount */
  discountTotal: number;
  /** the promotions applied to the cart, by name, with what each takes off */
  promotions: { name: string; amount: number }[];
  invoiceDiscount: number;
  vatTotal: number;
  total: number;
  /** the sale just made (phase `done`) */
  sale: {
    number: string;
    total: number;
    /** what the customer handed over (the sale's payments and the change given back) */
    paid: number;
    changeDue: number;
    /** ETA's QR text of the sale's e-receipt; null when the branch issues none (or not yet read) */
    qr: string | null;
  } | null;
};

/** A relayed snapshot the server accepts: an object of this version, small enough. */
export function isDisplaySnapshot(value: unknown): value is DisplaySnapshot {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const s = value as Partial<DisplaySnapshot>;
  return (
    s.v === 1 &&
    typeof s.src === 'string' &&
    typeof s.seq === 'number' &&
    typeof s.at === 'number' &&
    typeof s.phase === 'string' &&
    ['idle', 'cart', 'paying', 'done'].includes(s.phase) &&
    Array.isArray(s.lines)
  );
}

/** The answer to `display:join` and `display:till`. */
export type DisplayAck =
  | { ok: true; branchId: string; register: number }
  | { ok: false; code: 'FORBIDDEN' | 'VALIDATION_FAILED' | 'NO_OPEN_SHIFT' };
