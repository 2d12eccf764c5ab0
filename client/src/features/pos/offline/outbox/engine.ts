// The outbox's working parts (Dexie and all), loaded with the till only (useOutbox.ts imports
// this file lazily: nothing of it loads on /login).
import { liveQuery } from 'dexie';
import {
  DEVICE_GRANT_TTL_MS,
  type CreateSaleDto,
  type DeviceGrantDto,
  type PosDeviceDto,
} from '@pos/contracts';
import { grantFor, grantWanted, rememberGrant } from '../lock/tillGrants';
import { http } from '../../../../shared/api/http';
import { onLiveResync } from '../../../../shared/realtime';
import type { Cart } from '../../../../shared/lib/cart';
import { checkoutThroughOutbox, type CheckoutOutcome } from './checkout';
import { outboxDb, type DismissedSale, type RefusedSale } from './db';
import { dismissedSales, dismissRefused } from './dismiss';
import { isApiClientError } from '../../../../shared/api/ApiClientError';
import { classifyAnswer } from './classify';
import { postSale, postSales, type SendResult } from './send';
import { OutboxSender } from './sender';
import { watchOutboxStatus } from './status';
import {
  deviceIdentity,
  refusedSales,
  saveRegistration,
  type DeviceReceiptBuilder,
  type OutboxStatus,
} from './store';

export type { OutboxStatus, RefusedSale, DismissedSale, CheckoutOutcome };
/** The till's e-receipt of a sale as the Pay button plans it (the acceptance specs ring with it). */
import { warmEReceiptPlanner } from './planReceipt';

export { planEReceipt } from './planReceipt';

let userId: string | null = null;
let sender: OutboxSender | null = null;
let stopListening: (() => void) | null = null;
let deviceName = 'POS';
let registered = false;

/**
 * A sale goes out only once the device is registered (its receipt series is the server's): no
 * answer to the registration is no answer to the sale. A registration refused (another branch's
 * device) still sends the sale, whose own refusal then says why.
 */
async function registeredOrRetry(): Promise<SendResult | null> {
  try {
    await ensureRegistered(deviceName);
    return null;
  } catch (err) {
    const status = isApiClientError(err) ? err.status : 0;
    const code = isApiClientError(err) ? err.code : null;
    if (classifyAnswer(status, code) !== 'refused')
      return { verdict: 'retry', status, code, reason: (err as Error)?.message ?? '' };
    return null;
  }
}

async function post(dto: CreateSaleDto, timeoutMs?: number, grant?: string): Promise<SendResult> {
  return (await registeredOrRetry()) ?? postSale(dto, timeoutMs, grant);
}

/** The queue's sales several at a time (docs/decisions/0075), after the same registration. */
async function postBatch(dtos: CreateSaleDto[], grant?: string): Promise<SendResult[]> {
  const retry = await registeredOrRetry();
  return retry
    ? [retry]
    : postSales(dtos, (dto) => postSale(dto, undefined, grant), undefined, grant);
}

/** The tab's one sender, started once; `user` is the signed-in cashier. */
export function startOutbox(user: string | null): void {
  userId = user;
  warmEReceiptPlanner();
  if (sender) {
    sender.wake();
    return;
  }
  const s = new OutboxSender({
    post: (dto, grant) => post(dto, undefined, grant),
    postBatch,
    userId: () => userId,
  });
  sender = s;
  const online = () => s.wake(true);
  window.addEventListener('online', online);
  const offResync = onLiveResync(() => s.wake(true));
  stopListening = () => {
    window.removeEventListener('online', online);
    offResync();
  };
  s.wake();
}

/** Stops this tab's sender (the till left; another tab or the next visit resumes the queue). */
export function stopOutbox(): void {
  sender?.stop();
  sender = null;
  stopListening?.();
  stopListening = null;
}

/**
 * The device's identity, registered with the server once (again after a failed try: the answer
 * is the same device). Offline, the till sells under its identity and registers later.
 */
export async function ensureRegistered(name: string = deviceName): Promise<void> {
  deviceName = name;
  // Registered once is registered for good (the outbox is never dropped): the sender asks before
  // every sale, so a sync of a thousand sales does not open a thousand transactions for it.
  if (registered) return;
  const device = await deviceIdentity(outboxDb(), name);
  if (device.receiptPrefix) {
    registered = true;
    return;
  }
  const answer = await http.post<PosDeviceDto>('/PosDevices', {
    id: device.id,
    name: device.name,
  });
  await saveRegistration(answer);
  registered = true;
}

export async function checkout(input: {
  dto: CreateSaleDto;
  cart: Cart;
  total: number;
  userId: string;
  branchId: string | null;
  eReceipt?: DeviceReceiptBuilder | null;
}): Promise<CheckoutOutcome> {
  if (!sender) startOutbox(input.userId);
  const device = await deviceIdentity(outboxDb(), deviceName);
  // A till registered in another branch cannot ring this user's sales in its series: the sale
  // goes straight to the server as before (payAtTill), online only.
  if (device.branchId && input.branchId && device.branchId !== input.branchId)
    throw new Error('The till belongs to another branch');
  // The sale goes with its cashier's grant for this till, when the till holds one (issue 32 item 7).
  const grant = grantFor(localStorage, input.userId, device.id);
  // The cashier waits on this try: a server that does not answer within 8 s counts as away.
  return checkoutThroughOutbox(
    { ...input, grant },
    { post: (dto, withGrant) => post(dto, 8_000, withGrant), sender: sender! },
  );
}

/**
 * The signed-in cashier's grant for this till (issue 32 item 7), asked at an online visit when the
 * till has none of theirs or it is a day old; kept with their cached profile (tillUsers.ts). An
 * answer for another user (the session is not the one the till shows) is not kept.
 */
export function ensureGrant(forUser: string): Promise<void> {
  // One ask at a time per cashier: the profile is saved again as each of its parts arrives.
  let asking = grantsAsked.get(forUser);
  if (!asking) {
    asking = askGrant(forUser).finally(() => grantsAsked.delete(forUser));
    grantsAsked.set(forUser, asking);
  }
  return asking;
}
const grantsAsked = new Map<string, Promise<void>>();

async function askGrant(forUser: string): Promise<void> {
  await ensureRegistered(deviceName);
  const device = await deviceIdentity(outboxDb(), deviceName);
  if (!grantWanted(localStorage, forUser, device.id, DEVICE_GRANT_TTL_MS)) return;
  const grant = await http.post<DeviceGrantDto>(`/PosDevices/${device.id}/grant`);
  if (grant.userId === forUser && grant.deviceId === device.id)
    rememberGrant(localStorage, forUser, grant);
}

/** Whether sales of `forUser` wait in the queue (the till keeps them cached until they are sent). */
export async function hasQueuedSalesOf(forUser: string): Promise<boolean> {
  return (
    (await outboxDb()
      .queue.filter((row) => row.userId === forUser)
      .count()) > 0
  );
}

/** This till's id (made on first use). */
export async function tillId(): Promise<string> {
  return (await deviceIdentity(outboxDb(), deviceName)).id;
}

/** Follows the outbox's status (waiting sales, the oldest's time, refused ones) as it changes. */
export function watchStatus(listener: (status: OutboxStatus) => void): () => void {
  return watchOutboxStatus(listener);
}

export function watchRefused(listener: (rows: RefusedSale[]) => void): () => void {
  const sub = liveQuery(() => refusedSales()).subscribe({ next: listener, error: () => undefined });
  return () => sub.unsubscribe();
}

export function watchDismissed(listener: (rows: DismissedSale[]) => void): () => void {
  const sub = liveQuery(() => dismissedSales()).subscribe({
    next: listener,
    error: () => undefined,
  });
  return () => sub.unsubscribe();
}

export { dismissRefused };
