import { useSetAtom, useStore } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { CartRules } from '../../../shared/lib/cart';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { catalogApi } from '../../catalog';
import { readParked, writeParked } from '../lib/parked';
import {
  applyOnHandAtom,
  cartAtom,
  cartLinesAtom,
  cartRulesAtom,
  tillInventoryAtom,
  loadCart,
  openTillAtom,
  parkedAtom,
  saveCart,
} from '../state/cartStore';

/**
 * The till's atoms for this user and inventory: the saved cart and parked carts read as the till
 * mounts (call it before reading the cart), kept in this browser on every change; the rules the
 * cart is checked against; live stock on the lines.
 */
export function useTillStore(userId: string, inventoryId: string | null, rules: CartRules) {
  const store = useStore();
  const { maxDiscountPercent, canBypassMaxDiscount, allowNegativeStock } = rules;
  const current = useMemo<CartRules>(
    () => ({ maxDiscountPercent, canBypassMaxDiscount, allowNegativeStock }),
    [maxDiscountPercent, canBypassMaxDiscount, allowNegativeStock],
  );
  // Read once, as the till mounts, before its parts read the atoms.
  useState(() => {
    store.set(openTillAtom, {
      cart: loadCart(localStorage, userId),
      parked: readParked(localStorage, userId),
    });
    store.set(cartRulesAtom, current);
  });
  const setRules = useSetAtom(cartRulesAtom);
  // Before the next paint: the problems shown are those of the current rules.
  useLayoutEffect(() => setRules(current), [current, setRules]);
  // The inventory the till sells from: a batch line's lots are read there (issue 34).
  const setInventory = useSetAtom(tillInventoryAtom);
  useLayoutEffect(() => setInventory(inventoryId), [inventoryId, setInventory]);

  // The cart and the parked carts are kept in this browser per user (saved on every change).
  useEffect(() => {
    const saveCurrent = () => saveCart(localStorage, userId, store.get(cartAtom));
    const saveParked = () => writeParked(localStorage, userId, store.get(parkedAtom));
    saveCurrent();
    saveParked();
    const offCart = store.sub(cartAtom, saveCurrent);
    const offParked = store.sub(parkedAtom, saveParked);
    return () => {
      offCart();
      offParked();
    };
  }, [store, userId]);

  // Live stock per line: `stock.changed` events of the POS inventory (pushed to the branch room)
  // carry on hand and reserved (approved transfers), so the line shows what is available.
  const applyOnHand = useSetAtom(applyOnHandAtom);
  useLiveEvent('stock.changed', ({ payload }) => {
    if (inventoryId && payload.inventoryId === inventoryId) {
      const { variantId, onHand, reserved } = payload;
      applyOnHand({ variantId, onHand, reserved: reserved ?? 0 });
    }
  });
  // A line's on hand and reserved read again from the inventory.
  const refresh = (line: { sku: string; variantId: string }, inventory: string) =>
    catalogApi
      .searchVariants(line.sku, inventory, 1)
      .then(
        ([v]) =>
          v &&
          v.id === line.variantId &&
          v.onHand !== undefined &&
          applyOnHand({ variantId: v.id, onHand: v.onHand, reserved: v.reserved ?? 0 }),
      )
      .catch(() => undefined);
  // Reconnected: events may have been missed, so every line is read again.
  useLiveResync(() => {
    if (!inventoryId) return;
    for (const line of store.get(cartLinesAtom)) void refresh(line, inventoryId);
  });
  // A line without stock figures (a scan that beat the till's loading of its inventory, a cart
  // saved in this browser) gets them once the inventory is known; each variant is asked once.
  useEffect(() => {
    if (!inventoryId) return;
    const asked = new Set<string>();
    const fill = () => {
      for (const line of store.get(cartLinesAtom)) {
        if (line.onHand !== null || asked.has(line.variantId)) continue;
        asked.add(line.variantId);
        void refresh(line, inventoryId);
      }
    };
    fill();
    return store.sub(cartLinesAtom, fill);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, inventoryId]);
}
