import type { LiveEvent } from '@pos/contracts';

/** Remembers the last `size` event ids: at-least-once delivery upstream, once downstream. */
export class RecentIds {
  private readonly seen = new Set<string>();
  constructor(private readonly size = 10_000) {}

  /** true the first time an id is offered, false for a duplicate */
  add(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.seen.size > this.size) {
      const oldest = this.seen.values().next().value as string;
      this.seen.delete(oldest);
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
