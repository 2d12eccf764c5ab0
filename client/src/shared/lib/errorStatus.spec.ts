import { errorStatusCode, errorStatusMessageKey } from './errorStatus';

describe('error page status', () => {
  it('reads "page not found" only for a 404', () => {
    expect(errorStatusMessageKey(404)).toBe('error.notFound');
    expect(errorStatusMessageKey(500)).toBe('error.unexpected');
    expect(errorStatusMessageKey(403)).toBe('error.unexpected');
  });

  it('shows a crash as a 500 and keeps the status of a route error response', () => {
    expect(errorStatusCode(new TypeError('x is undefined'))).toBe(500);
    expect(errorStatusCode(undefined)).toBe(500);
    expect(errorStatusCode('boom')).toBe(500);
    expect(errorStatusCode({ status: 404, statusText: 'Not Found', data: null })).toBe(404);
    expect(errorStatusCode({ status: 200 })).toBe(500);
    expect(errorStatusCode({ status: '404' })).toBe(500);
  });
});
