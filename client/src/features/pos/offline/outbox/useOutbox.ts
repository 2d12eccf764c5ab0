import type { CreateSaleDto } from '@pos/contracts';
import { useEffect, useState } from 'react';
import type { Cart } from '../../../../shared/lib/cart';
import type { CheckoutOutcome, DismissedSale, OutboxStatus, RefusedSale } from './engine';
import type { DeviceReceiptBuilder } from './store';

// The till's door to its outbox: the working parts (Dexie, the sender) load with the till, lazily.
const loadEngine = () => import('./engine');
type Engine = Awaited<ReturnType<typeof loadEngine>>;

/** Pays a sale through the device's outbox (see checkout.ts). */
export async function checkoutSale(input: {
  dto: CreateSaleDto;
  cart: Cart;
  total: number;
  userId: string;
  branchId: string | null;
  eReceipt?: DeviceReceiptBuilder | null;
}): Promise<CheckoutOutcome> {
  return (await loadEngine()).checkout(input);
}

/**
 * The till's e-receipt of a sale (planReceipt.ts), planned in the engine's chunk: the till's page
 * does not load the receipt builder, and the Pay button and the acceptance specs (which call the
 * engine) share one way to it.
 */
export async function planTillEReceipt(
  input: Parameters<Engine['planEReceipt']>[0],
): Promise<DeviceReceiptBuilder | null> {
  return (await loadEngine()).planEReceipt(input);
}

const EMPTY: OutboxStatus = { waiting: 0, oldestAt: null, refused: 0, oldestReceiptAt: null };

/**
 * Starts the tab's sender for this cashier, registers the device once (its name: the register's),
 * and follows the outbox's status for the till's strip.
 */
export function useOutbox(userId: string | null, deviceName: string): OutboxStatus {
  const [status, setStatus] = useState<OutboxStatus>(EMPTY);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void loadEngine().then((engine) => {
      if (gone) return;
      engine.startOutbox(userId);
      engine.ensureRegistered(deviceName).catch(() => undefined);
      stop = engine.watchStatus(setStatus);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [userId, deviceName]);
  return status;
}

/** The refused sales, while `open`. */
export function useRefusedSales(open: boolean): RefusedSale[] {
  const [rows, setRows] = useState<RefusedSale[]>([]);
  useEffect(() => {
    if (!open) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void loadEngine().then((engine) => {
      if (!gone) stop = engine.watchRefused(setRows);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [open]);
  return rows;
}

/** The refused sales a manager dismissed (the device's audit trail), while `open`. */
export function useDismissedSales(open: boolean): DismissedSale[] {
  const [rows, setRows] = useState<DismissedSale[]>([]);
  useEffect(() => {
    if (!open) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void loadEngine().then((engine) => {
      if (!gone) stop = engine.watchDismissed(setRows);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [open]);
  return rows;
}

/** Dismisses a refused sale with a reason (see dismiss.ts). */
export async function dismissRefusedSale(
  id: string,
  input: { reason: string; by: { id: string; name: string } },
): Promise<boolean> {
  return (await loadEngine()).dismissRefused(id, input);
}
