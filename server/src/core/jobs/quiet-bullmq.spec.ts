import { Logger } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { reportRedisReachable } from '../redis/redis.service';
import { isRedisConnectionError, routeBullErrors } from './quiet-bullmq';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6399'), { code: 'ECONNREFUSED' });

describe('BullMQ errors while Redis is down', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    reportRedisReachable();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('tells connection errors from others', () => {
    expect(isRedisConnectionError(refused())).toBe(true);
    expect(
      isRedisConnectionError(
        Object.assign(new Error('getaddrinfo ENOTFOUND redis'), { code: 'ENOTFOUND' }),
      ),
    ).toBe(true);
    expect(isRedisConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisConnectionError(new Error('ERR unknown command'))).toBe(false);
  });

  it('routes every retry to the one plain warning, once per outage, and never throws', () => {
    const queue = new EventEmitter();
    routeBullErrors(queue, 'queue imports');
    // An 'error' event without a listener throws; with the listener it is handled.
    for (let i = 0; i < 5; i++) expect(() => queue.emit('error', refused())).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(
      /cannot be reached \(ECONNREFUSED\).*docker compose up -d redis/,
    );
    // Back, then down again: reported again.
    reportRedisReachable();
    queue.emit('error', refused());
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('logs another error as one line, without a stack trace', () => {
    const worker = new EventEmitter();
    routeBullErrors(worker, 'worker imports');
    worker.emit('error', new Error('ERR script failed'));
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('BullMQ worker imports: ERR script failed');
  });
});
