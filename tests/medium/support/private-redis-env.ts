// Imported first by a spec whose app must run its BullMQ queues on a redis-server of the spec's
// own (the jobs module reads REDIS_URL once, when it loads): points REDIS_URL there for this spec
// file's modules. The spec starts that server (startRedis(PRIVATE_REDIS_PORT)) before its app, and
// restores REDIS_URL (restorePrivateRedisEnv) when it is done, so later spec files load with the
// shared one.
// Two Jest workers of one run differ in the port's parity (JEST_WORKER_ID), so they never collide.
export const PRIVATE_REDIS_PORT =
  6450 + (process.pid % 20) * 2 + (Number(process.env.JEST_WORKER_ID ?? 1) % 2);
const saved = process.env.REDIS_URL;
process.env.REDIS_URL = `redis://127.0.0.1:${PRIVATE_REDIS_PORT}`;

export function restorePrivateRedisEnv(): void {
  if (saved === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = saved;
}
