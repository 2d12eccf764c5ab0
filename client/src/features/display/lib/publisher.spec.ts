import { DISPLAY_CHANNEL, type DisplaySnapshot } from '@pos/contracts';
import { createDisplayPublisher, HELLO, type DisplayState } from './publisher';

const state = (total: number): DisplayState => ({
  branchId: null,
  register: 3,
  phase: total ? 'cart' : 'idle',
  lines: [],
  itemCount: 0,
  subtotal: total,
  discountTotal: 0,
  promotions: [],
  invoiceDiscount: 0,
  vatTotal: 0,
  total,
  sale: null,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `ok` holds (a loaded machine delivers late; the checks after it say what came). */
const until = async (ok: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await sleep(5);
};

describe('the till publishing to the customer display (0115)', () => {
  const channels: BroadcastChannel[] = [];
  afterEach(() => {
    for (const c of channels.splice(0)) c.close();
  });
  const listen = () => {
    const got: DisplaySnapshot[] = [];
    const c = new BroadcastChannel(DISPLAY_CHANNEL);
    c.onmessage = (e: MessageEvent) => {
      if ((e.data as { hello?: boolean }).hello) return;
      got.push(e.data as DisplaySnapshot);
    };
    channels.push(c);
    return { got, channel: c };
  };

  it('sends at most one snapshot per interval, always the last state, numbered and timed from the first change', async () => {
    const { got } = listen();
    let total = 0;
    // (an interval long enough for a loaded machine's pauses not to reach it)
    const publisher = createDisplayPublisher(() => state(total), 200);
    await until(() => got.length > 0); // the first (empty) state, sent as it starts
    expect(got.map((s) => s.total)).toEqual([0]);
    await sleep(250); // the interval over: the next change goes out at once
    const burst = Date.now();
    for (let i = 1; i <= 10; i++) {
      total = i * 100;
      publisher.changed(burst + i);
    }
    await until(() => got.length > 1);
    // the leading change went out at once with the state of that moment (the burst was synchronous:
    // its last state); nothing more inside the interval
    expect(got.map((s) => s.total)).toEqual([0, 1_000]);
    total = 1_100;
    publisher.changed();
    total = 1_200;
    publisher.changed();
    await sleep(30);
    expect(got).toHaveLength(2);
    await until(() => got.length > 2);
    // the trailing one carries the last state
    expect(got.map((s) => s.total)).toEqual([0, 1_000, 1_200]);
    expect(got.map((s) => s.seq)).toEqual([1, 2, 3]);
    expect(new Set(got.map((s) => s.src)).size).toBe(1);
    expect(got[1].at).toBe(burst + 1);
    expect(got.every((s) => s.v === 1 && s.register === 3)).toBe(true);
    publisher.close();
  });

  it('sends a change complete in itself at once (its own state), the rest after the interval', async () => {
    const { got } = listen();
    let total = 0;
    const publisher = createDisplayPublisher(() => state(total), 200);
    await until(() => got.length > 0);
    await sleep(250); // the interval over: the next change goes out at once
    total = 100;
    publisher.changed(Date.now(), { now: true });
    total = 200; // a later update of the same task: not in the first snapshot
    publisher.changed(Date.now(), { now: true });
    await until(() => got.length > 1);
    expect(got.map((s) => s.total)).toEqual([0, 100]);
    await until(() => got.length > 2);
    expect(got.map((s) => s.total)).toEqual([0, 100, 200]);
    publisher.close();
  });

  it('sends its state again to a display that arrives on the same device, and nothing once closed', async () => {
    const { got, channel } = listen();
    const publisher = createDisplayPublisher(() => state(700), 10);
    await until(() => got.length > 0);
    channel.postMessage(HELLO);
    await until(() => got.length > 1);
    expect(got.map((s) => s.seq)).toEqual([1, 2]);
    publisher.close();
    channel.postMessage(HELLO);
    publisher.changed();
    await sleep(40);
    expect(got).toHaveLength(2);
  });
});
