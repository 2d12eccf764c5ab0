import { afterConfigFailure, CONFIG_RETRY_MAX_MS, guardReady } from './configLoad';

describe('guardReady', () => {
  it('waits for the session first', () => {
    expect(guardReady('loading', 'loaded')).toBe(false);
    expect(guardReady('loading', 'loading')).toBe(false);
  });

  it('lets a guest be decided without the configuration (their routes need no module)', () => {
    expect(guardReady('unauthenticated', 'loading')).toBe(true);
  });

  it('makes a signed-in user wait for the configuration (the race on a reload of /E-invoices)', () => {
    expect(guardReady('authenticated', 'loading')).toBe(false);
    expect(guardReady('authenticated', 'loaded')).toBe(true);
    // Reported failure: decide with what is known rather than hang on a blank page.
    expect(guardReady('authenticated', 'failed')).toBe(true);
  });
});

describe('afterConfigFailure', () => {
  it('retries a first failure quietly and keeps the guard waiting', () => {
    expect(afterConfigFailure(1, 'loading')).toEqual({
      status: 'loading',
      retryInMs: 1000,
      report: false,
    });
  });

  it('reports the second failure once, stops the guard waiting, and keeps retrying with back-off', () => {
    expect(afterConfigFailure(2, 'loading')).toEqual({
      status: 'failed',
      retryInMs: 2000,
      report: true,
    });
    expect(afterConfigFailure(3, 'failed')).toEqual({
      status: 'failed',
      retryInMs: 4000,
      report: false,
    });
    expect(afterConfigFailure(4, 'failed')).toEqual({
      status: 'failed',
      retryInMs: 8000,
      report: false,
    });
  });

  it('caps the back-off', () => {
    expect(afterConfigFailure(50, 'failed').retryInMs).toBe(CONFIG_RETRY_MAX_MS);
    expect(afterConfigFailure(2000, 'failed').retryInMs).toBe(CONFIG_RETRY_MAX_MS);
  });

  it('never downgrades a loaded configuration nor reports after it', () => {
    expect(afterConfigFailure(1, 'loaded')).toEqual({
      status: 'loaded',
      retryInMs: 1000,
      report: false,
    });
    expect(afterConfigFailure(2, 'loaded')).toMatchObject({ status: 'loaded', report: false });
  });
});
