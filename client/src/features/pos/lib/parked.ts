// Parked (held) carts: kept in localStorage per user so a cashier can serve the next customer
// and resume the first later, even after a reload.
import type { Cart } from '../../../shared/lib/cart';

export type ParkedCart = { cart: Cart; parkedAt: string; label: string };

export const parkedKey = (userId: string) => `pos.parked.${userId}`;

export function readParked(storage: Pick<Storage, 'getItem'> | null, userId: string): ParkedCart[] {
  try {
    const raw = storage?.getItem(parkedKey(userId));
    const list = raw ? (JSON.parse(raw) as ParkedCart[]) : [];
    return Array.isArray(list)
      ? list.filter((p) => p && p.cart && Array.isArray(p.cart.lines))
      : [];
  } catch {
    return [];
  }
}

export function writeParked(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  userId: string,
  list: ParkedCart[],
): void {
  if (!storage) return;
  if (list.length === 0) storage.removeItem(parkedKey(userId));
  else storage.setItem(parkedKey(userId), JSON.stringify(list));
}

export function park(
  list: ParkedCart[],
  cart: Cart,
  label: string,
  now = new Date(),
): ParkedCart[] {
  return [
    ...list.filter((p) => p.cart.id !== cart.id),
    { cart, parkedAt: now.toISOString(), label },
  ];
}

export function unpark(
  list: ParkedCart[],
  cartId: string,
): { cart: Cart | null; rest: ParkedCart[] } {
  const found = list.find((p) => p.cart.id === cartId) ?? null;
  return { cart: found?.cart ?? null, rest: list.filter((p) => p.cart.id !== cartId) };
}
