import type { LiveEvent } from '@pos/contracts';

/**
 * Remembers the last `size` event ids: at-least-once delivery upstream, once downstream. The oldest
 * is found in a ring of the ids in arrival order, not as the Set's first entry: a Set whose first
 * entries keep being deleted walks past their holes on every `values().next()` until it is
 * rehashed (≈ 30 µs a call at 10,000 ids, measured under the checkout bench).
 */
export class RecentIds {
  private readonly seen = new Set<string>();
  private readonly ring: string[] = [];
  private next = 0;
  constructor(private readonly size = 10_000) {}

  /** true the first time an id is offered, false for a duplicate */
  add(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.ring.length < this.size) this.ring.push(id);
    else {
      this.seen.delete(this.ring[this.next]);
      this.ring[this.next] = id;
      this.next = (this.next + 1) % this.size;
    }
    return true;
  }
}

const isLiveEvent = (e: unknown): e is LiveEvent =>
  !!e &&
  typeof (e as LiveEvent).id === 'string' &&
  typeof (e as LiveEvent).type === 'string' &&
  typeof (e as LiveEvent).branchId === 'string';

/**
 * The wire form on the Redis channel: a JSON array of events in outbox order (the relay sends each
 * pass as one message), or a single event object. Anything malformed is dropped.
 */
export function parseLiveEvents(message: string): LiveEvent[] {
  try {
    const parsed = JSON.parse(message) as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]).filter(isLiveEvent);
  } catch {
    return [];
  }
}
