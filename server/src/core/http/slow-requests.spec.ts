import { EventEmitter } from 'node:events';
import type { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { reportSlowRequests } from './slow-requests';

const request = (path: string) => ({ method: 'POST', path }) as Request;
const response = () => new EventEmitter() as unknown as Response;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the slow-request report', () => {
  it('names a request still unanswered after the limit, once; an answered one is not named', async () => {
    const warned: string[] = [];
    const log = { error: (m: string) => warned.push(m) } as unknown as Logger;
    const report = reportSlowRequests(null, 30, log);
    const next = jest.fn() as NextFunction;
    const hung = response();
    const answered = response();
    report(request('/api/Promotions/1/deactivate'), hung, next);
    report(request('/api/Sales'), answered, next);
    answered.emit('finish');
    await wait(120);
    expect(next).toHaveBeenCalledTimes(2);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^POST \/api\/Promotions\/1\/deactivate unanswered after \d+ ms/);
    hung.emit('close');
  });

  it('leaves the client files alone and can be switched off', async () => {
    const warned: string[] = [];
    const log = { error: (m: string) => warned.push(m) } as unknown as Logger;
    const next = jest.fn() as NextFunction;
    reportSlowRequests(null, 10, log)(request('/assets/index.js'), response(), next);
    reportSlowRequests(null, 0, log)(request('/api/Sales'), response(), next);
    await wait(60);
    expect(next).toHaveBeenCalledTimes(2);
    expect(warned).toEqual([]);
  });
});
