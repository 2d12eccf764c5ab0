import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayInit,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { InjectDataSource } from '@nestjs/typeorm';
import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { MetricsService } from '../http/metrics';
import { DataSource } from 'typeorm';
import {
  ALL_PERMISSION_KEYS,
  type LiveEvent,
  type PermissionKey,
  SESSION_COOKIE,
} from '@pos/contracts';
import type { AuthUser } from '../auth/auth.types';
import { BearerAuthenticator } from '../auth/bearer-authenticator';
import { SessionService } from '../auth/session.service';
import { RedisService } from '../redis/redis.service';
import { eventBranches, projectEvent, viewerKey } from './event-policy';
import { parseLiveEvents, RecentIds } from './live-bus';
import { realtimeNames, realtimeTimings } from './realtime.config';
import { RegisterRooms, type RegisterSocketData } from './register-rooms';

/** Server → client socket messages besides `live` (the events themselves). */
export const LIVE_MESSAGE = 'live';
/** The socket may have missed events (its instance lost Redis): refetch what is shown. */
export const RESYNC_MESSAGE = 'live:resync';
/** The session behind the socket ended; the socket is closed right after. */
export const REVOKED_MESSAGE = 'live:revoked';

type SocketData = RegisterSocketData;
type LiveSocket = Socket<
  Record<string, never>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
>;

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A browser may only open the socket from the app's own origin (cross-site WebSocket hijacking). */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser (integrations, tests)
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export { seesAllBranches as canSeeAllBranches } from '../auth/branch-scope';
import { seesAllBranches as canSeeAllBranches } from '../auth/branch-scope';

/**
 * The socket gateway (DESIGN.md §3/§7). A socket authenticates with the `pos.session` cookie, joins
 * `user:<id>` and `branch:<id>` for every branch its user may see. Committed events arrive on the
 * Redis channel the outbox relay publishes to (every instance subscribes and serves its own
 * sockets); each is projected per receiver like the matching read. The Redis adapter makes rooms
 * span instances for everything addressed through the server (`toUser`, `disconnectSockets`).
 */
@Injectable()
@WebSocketGateway({
  path: '/socket.io',
  serveClient: false,
  allowRequest: (req, cb) => cb(null, sameOrigin(req)),
})
export class LiveGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  @WebSocketServer() server: Server;
  private readonly logger = new Logger('LiveGateway');
  private readonly names: ReturnType<typeof realtimeNames>;
  private readonly recent = new RecentIds();
  private readonly subscriber;
  private timer: NodeJS.Timeout | null = null;
  private subscriberLost = false;
  private checking = false;
  /** The customer display's per-register rooms (docs/decisions/0115). */
  readonly registers: RegisterRooms;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sessions: SessionService,
    private readonly apiKeys: BearerAuthenticator,
    private readonly redis: RedisService,
    private readonly metrics: MetricsService,
  ) {
    this.names = realtimeNames((ds.options as { url?: string }).url);
    this.subscriber = redis.create('live-sub', { maxRetriesPerRequest: null });
    this.registers = new RegisterRooms(ds);
  }

  afterInit(server: Server) {
    this.metrics.addGauge(
      { name: 'pos_live_sockets', help: 'Live (socket.io) connections to this instance' },
      (set) => set({}, server.engine?.clientsCount ?? 0),
    );
    const pub = this.redis.create('sio-pub', { maxRetriesPerRequest: null });
    const sub = this.redis.create('sio-sub', { maxRetriesPerRequest: null });
    // At shutdown the adapter unsubscribes after RedisService has closed its connections; that
    // rejection means nothing.
    for (const method of ['unsubscribe', 'punsubscribe'] as const) {
      const original = sub[method].bind(sub) as (...args: unknown[]) => Promise<unknown>;
      (sub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
        original(...args).catch(() => undefined);
    }
    server.adapter(createAdapter(pub, sub, { key: this.names.adapterKey }));
    server.use((socket, next) => {
      this.authenticate(socket as LiveSocket).then(
        (ok) => next(ok ? undefined : new Error('unauthorized')),
        (error: Error) => {
          this.logger.warn(`socket authentication failed: ${error.message}`);
          next(new Error('unavailable'));
        },
      );
    });
    this.subscribeToEvents();
    this.timer = setInterval(() => void this.recheckSessions(), realtimeTimings().sessionCheckMs);
    this.timer.unref();
  }

  private async authenticate(socket: LiveSocket): Promise<boolean> {
    // The session cookie, or else an integration's API key (`auth: { token: 'pos_…' }` or an
    // `Authorization: Bearer pos_…` header).
    const token = readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const bearer =
      typeof auth?.token === 'string' ? auth.token : socket.handshake.headers.authorization;
    const user = (await this.sessions.resolve(token)) ?? (await this.apiKeys.resolve(bearer));
    // An account with a step to take first (issue 11) receives nothing yet.
    if (!user || user.pendingStep) return false;
    socket.data.user = user;
    socket.data.branchIds = await this.branchesOf(user);
    return true;
  }

  handleConnection(client: Socket) {
    const socket = client as LiveSocket;
    if (!socket.data.user) {
      socket.disconnect(true);
      return;
    }
    void socket.join([
      `user:${socket.data.user.id}`,
      ...socket.data.branchIds.map((b) => `branch:${b}`),
    ]);
    this.registers.attach(socket);
  }

  private async branchesOf(user: AuthUser): Promise<string[]> {
    if (canSeeAllBranches(user)) {
      const rows: { id: string }[] = await this.ds.query('SELECT id FROM branches');
      return rows.map((r) => r.id);
    }
    return [user.branchId ?? ZERO_UUID];
  }

  // --- events from the relay -------------------------------------------------------------------

  private subscribeToEvents() {
    const sub = this.subscriber;
    const subscribe = () =>
      sub.subscribe(this.names.channel).then(
        () => {
          if (this.subscriberLost) {
            // Events published while this instance was cut off from Redis never reached its
            // sockets: tell them to refetch what they show.
            this.subscriberLost = false;
            this.server.local.emit(RESYNC_MESSAGE);
          }
        },
        () => undefined, // retried on the next 'ready'
      );
    sub.on('message', (_channel: string, message: string) => {
      for (const event of parseLiveEvents(message))
        if (this.recent.add(event.id)) this.deliver(event);
    });
    sub.on('close', () => {
      this.subscriberLost = true;
    });
    sub.on('ready', () => void subscribe());
    if (sub.status === 'ready') void subscribe();
  }

  /** Delivers one event to this instance's sockets, as each may see it. */
  deliver(event: LiveEvent): number {
    const rooms = this.server.of('/').adapter.rooms;
    const groups = new Map<string, { event: LiveEvent | null; ids: string[] }>();
    const seen = new Set<string>();
    for (const branchId of eventBranches(event)) {
      for (const id of rooms.get(`branch:${branchId}`) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const socket = this.server.of('/').sockets.get(id) as LiveSocket | undefined;
        const user = socket?.data.user;
        if (!user) continue;
        const key = viewerKey(event, user);
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { event: projectEvent(event, user), ids: [] }));
        if (group.event) group.ids.push(id);
      }
    }
    let sent = 0;
    for (const group of groups.values()) {
      if (!group.event || !group.ids.length) continue;
      this.server.local.to(group.ids).emit(LIVE_MESSAGE, group.event);
      sent += group.ids.length;
    }
    return sent;
  }

  /** A message to every socket of a user, on whichever instance it is connected. */
  toUser(userId: string, message: string, data: unknown): void {
    this.server.to(`user:${userId}`).emit(message, data);
  }

  // --- revocation and permission changes ----------------------------------------------------------

  /**
   * Re-reads the sessions (and API keys) behind this instance's sockets: an ended one (sign-out,
   * expiry, user deactivated or deleted, key revoked) closes its sockets; a changed role, branch or
   * key permission set moves them between rooms.
   */
  async recheckSessions(): Promise<void> {
    if (this.checking || !this.server) return;
    const sockets = ([...this.server.of('/').sockets.values()] as LiveSocket[]).filter(
      (s) => s.data.user,
    );
    if (!sockets.length) return;
    const sessionIds = [
      ...new Set(sockets.filter((s) => !s.data.user.viaApiKey).map((s) => s.data.user.sessionId)),
    ];
    const keyIds = [
      ...new Set(sockets.filter((s) => s.data.user.viaApiKey).map((s) => s.data.user.id)),
    ];
    this.checking = true;
    try {
      type Fresh = {
        branch_id: string | null;
        is_admin: boolean;
        permissions: PermissionKey[] | null;
      };
      const bySession = new Map<string, Fresh>();
      const byKey = new Map<string, Fresh>();
      if (sessionIds.length) {
        const rows: (Fresh & { session_id: string })[] = await this.ds.query(
          `SELECT s.id AS session_id, u.branch_id, u.is_admin, r.permissions
             FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN roles r ON r.id = u.role_id
            WHERE s.id = ANY($1) AND s.expires_at > now() AND u.active`,
          [sessionIds],
        );
        for (const r of rows) bySession.set(r.session_id, r);
      }
      if (keyIds.length) {
        const rows: (Fresh & { id: string })[] = await this.ds.query(
          `SELECT id, branch_id, false AS is_admin, permissions FROM api_keys WHERE id = ANY($1) AND revoked_at IS NULL`,
          [keyIds],
        );
        for (const r of rows) byKey.set(r.id, r);
      }
      let allBranches: string[] | null = null;
      for (const socket of sockets) {
        const user = socket.data.user;
        const row = user.viaApiKey ? byKey.get(user.id) : bySession.get(user.sessionId);
        if (!row) {
          socket.emit(REVOKED_MESSAGE);
          socket.disconnect(true);
          continue;
        }
        const next: AuthUser = {
          ...user,
          branchId: row.branch_id,
          isAdmin: row.is_admin,
          permissions: row.is_admin ? [...ALL_PERMISSION_KEYS] : (row.permissions ?? []),
        };
        socket.data.user = next;
        let branchIds: string[];
        if (canSeeAllBranches(next)) {
          allBranches ??= (
            (await this.ds.query('SELECT id FROM branches')) as { id: string }[]
          ).map((r) => r.id);
          branchIds = allBranches;
        } else branchIds = [next.branchId ?? ZERO_UUID];
        const before = new Set(socket.data.branchIds);
        for (const b of socket.data.branchIds)
          if (!branchIds.includes(b)) void socket.leave(`branch:${b}`);
        const added = branchIds.filter((b) => !before.has(b)).map((b) => `branch:${b}`);
        if (added.length) void socket.join(added);
        socket.data.branchIds = branchIds;
        this.registers.recheck(socket);
      }
    } catch (error) {
      this.logger.warn(`session re-check failed: ${(error as Error).message}`);
    } finally {
      this.checking = false;
    }
  }

  async onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }
}
