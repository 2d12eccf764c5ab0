import { redisLabel, redisTarget } from './redis-connection';

describe('redisTarget (REDIS_URL, or REDIS_SENTINELS + REDIS_SENTINEL_NAME)', () => {
  it('is REDIS_URL (or the default) when no Sentinel is named: as before', () => {
    expect(redisTarget({})).toEqual({ kind: 'url', url: 'redis://127.0.0.1:6379' });
    expect(redisTarget({ REDIS_URL: 'redis://r:6380/2' })).toEqual({
      kind: 'url',
      url: 'redis://r:6380/2',
    });
    expect(redisTarget({ REDIS_SENTINELS: ' ' }).kind).toBe('url');
    expect(redisLabel(redisTarget({}))).toBe('Redis at redis://127.0.0.1:6379');
  });

  it('asks the Sentinels for the named master, with REDIS_URL’s password and database', () => {
    const t = redisTarget({
      REDIS_SENTINELS: 's1:26379, s2:26380,[::1]:26381,s4',
      REDIS_SENTINEL_NAME: 'posmaster',
      REDIS_URL: 'redis://:p%40ss@ignored:6379/3',
      REDIS_SENTINEL_PASSWORD: 'sp',
    });
    if (t.kind !== 'sentinel') throw new Error('expected Sentinel');
    expect(t.options).toMatchObject({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
        { host: '::1', port: 26381 },
        { host: 's4', port: 26379 },
      ],
      name: 'posmaster',
      password: 'p@ss',
      db: 3,
      sentinelPassword: 'sp',
      failoverDetector: true,
    });
    const reconnect = t.options.reconnectOnError as (e: Error) => unknown;
    expect(reconnect(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnect(new Error('ERR wrong number of arguments'))).toBe(false);
    expect(redisLabel(t)).toBe(
      'the Redis master "posmaster" (Sentinels s1:26379, s2:26380, ::1:26381, s4:26379)',
    );
    const plain = redisTarget({ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_NAME: 'm' });
    expect(plain.kind === 'sentinel' && plain.options).not.toHaveProperty('password');
  });

  it('refuses a Sentinel list without a master name, or an entry that is not host:port', () => {
    expect(() => redisTarget({ REDIS_SENTINELS: 'a:1' })).toThrow(/REDIS_SENTINEL_NAME/);
    expect(() => redisTarget({ REDIS_SENTINELS: 'a:x', REDIS_SENTINEL_NAME: 'm' })).toThrow(
      /"a:x" is not host:port/,
    );
    expect(() => redisTarget({ REDIS_SENTINELS: 'a:1,,b:2', REDIS_SENTINEL_NAME: 'm' })).toThrow(
      /"" is not host:port/,
    );
  });
});
