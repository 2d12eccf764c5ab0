import type { Socket } from 'socket.io';
import type { DataSource } from 'typeorm';
import {
  DISPLAY_MESSAGES,
  DISPLAY_SNAPSHOT_MAX_BYTES,
  isDisplaySnapshot,
  isRegisterNumber,
  registerRoom,
  type DisplayAck,
} from '@pos/contracts';
import type { AuthUser } from '../auth/auth.types';

/** The register a till socket publishes for: its user's open shift, re-read every `recheckMs`. */
export type TillBinding = { branchId: string; register: number; room: string; checkedAt: number };

/** What the register rooms keep on a socket, beside the gateway's user and branches. */
export type RegisterSocketData = {
  user: AuthUser;
  branchIds: string[];
  till?: TillBinding;
  /** the register room this socket displays, with its branch */
  display?: { room: string; branchId: string };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RegisterSocket = Socket<any, any, any, RegisterSocketData>;
type Ack = (answer: DisplayAck) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The customer display's rooms (issue 35 item 3, docs/decisions/0115): one per register of a
 * branch, `register:<branch>:<n>`. Nothing the client says about its branch is trusted:
 * - a till joins the room of its user's open shift (branch and register read from `shifts`), and
 *   only a till so bound may send the cart, which goes to that room alone (not back to the sender);
 * - a display joins a register of a branch its user may read (the branch rooms' rule: its own
 *   branch, or any for an administrator or a holder of can_see_branches); the display's permission
 *   is the till's (/POS: none listed, any signed-in user of the branch); an API key may do neither.
 */
export class RegisterRooms {
  constructor(
    private readonly ds: DataSource,
    private readonly recheckMs = 5_000,
  ) {}

  attach(socket: RegisterSocket): void {
    socket.on(DISPLAY_MESSAGES.till, (...args: unknown[]) => {
      const ack = args.find((a): a is Ack => typeof a === 'function');
      void this.bindTill(socket).then(
        (answer) => ack?.(answer),
        () => ack?.({ ok: false, code: 'FORBIDDEN' }),
      );
    });
    socket.on(DISPLAY_MESSAGES.join, (payload: unknown, ack?: Ack) => {
      const answer = this.joinDisplay(socket, payload);
      if (typeof ack === 'function') ack(answer);
    });
    socket.on(DISPLAY_MESSAGES.cart, (snapshot: unknown) => {
      void this.relay(socket, snapshot).catch(() => undefined);
    });
  }

  /** The till's register: its user's open shift (none: nothing to publish to). */
  async bindTill(socket: RegisterSocket): Promise<DisplayAck> {
    const user = socket.data.user;
    if (!user || user.viaApiKey) return { ok: false, code: 'FORBIDDEN' };
    const rows: { branch_id: string; register: number }[] = await this.ds.query(
      `SELECT branch_id, register FROM shifts WHERE cashier_id = $1 AND status = 'open' LIMIT 1`,
      [user.id],
    );
    const previous = socket.data.till?.room;
    if (!rows.length) {
      if (previous) void socket.leave(previous);
      socket.data.till = undefined;
      return { ok: false, code: 'NO_OPEN_SHIFT' };
    }
    const { branch_id: branchId, register } = rows[0];
    const room = registerRoom(branchId, register);
    if (previous && previous !== room) void socket.leave(previous);
    socket.data.till = { branchId, register, room, checkedAt: Date.now() };
    void socket.join(room);
    return { ok: true, branchId, register };
  }

  /** A display asks for a register's room (of its own branch unless it may read every branch). */
  joinDisplay(socket: RegisterSocket, payload: unknown): DisplayAck {
    const user = socket.data.user;
    if (!user || user.viaApiKey) return { ok: false, code: 'FORBIDDEN' };
    const asked = (payload ?? {}) as { register?: unknown; branchId?: unknown };
    if (!isRegisterNumber(asked.register)) return { ok: false, code: 'VALIDATION_FAILED' };
    if (
      asked.branchId != null &&
      (typeof asked.branchId !== 'string' || !UUID.test(asked.branchId))
    )
      return { ok: false, code: 'VALIDATION_FAILED' };
    const branchId = (asked.branchId as string | undefined) ?? user.branchId;
    if (!branchId || !socket.data.branchIds.includes(branchId))
      return { ok: false, code: 'FORBIDDEN' };
    const room = registerRoom(branchId, asked.register);
    const previous = socket.data.display?.room;
    if (previous && previous !== room) void socket.leave(previous);
    socket.data.display = { room, branchId };
    void socket.join(room);
    // The till of the register sends what it shows again, for the display that just came.
    socket.to(room).emit(DISPLAY_MESSAGES.hello);
    return { ok: true, branchId, register: asked.register };
  }

  /** A till's snapshot to its register's room only, with the branch and register the server knows. */
  async relay(socket: RegisterSocket, snapshot: unknown): Promise<boolean> {
    let till = socket.data.till;
    if (!till) return false;
    if (Date.now() - till.checkedAt > this.recheckMs) {
      const answer = await this.bindTill(socket);
      if (!answer.ok) return false;
      till = socket.data.till!;
    }
    if (!isDisplaySnapshot(snapshot)) return false;
    if (Buffer.byteLength(JSON.stringify(snapshot)) > DISPLAY_SNAPSHOT_MAX_BYTES) return false;
    socket.to(till.room).emit(DISPLAY_MESSAGES.cart, {
      ...snapshot,
      branchId: till.branchId,
      register: till.register,
    });
    return true;
  }

  /** After a permission re-check: a display whose user may no longer read its branch leaves it. */
  recheck(socket: RegisterSocket): void {
    const display = socket.data.display;
    if (display && !socket.data.branchIds.includes(display.branchId)) {
      void socket.leave(display.room);
      socket.data.display = undefined;
    }
  }
}
