import { detailErrorStatus, errorStatusCode, errorStatusMessageKey } from './errorStatus';

describe('error page status', () => {
  it('reads "page not found" only for a 404', () => {
    expect(errorStatusMessageKey(404)).toBe('error.notFound');
    expect(errorStatusMessageKey(500)).toBe('error.unexpected');
    expect(errorStatusMessageKey(403)).toBe('error.forbidden');
  });

  it('shows a crash as a 500 and keeps the status of a route error response', () => {
    expect(errorStatusCode(new TypeError('x is undefined'))).toBe(500);
    expect(errorStatusCode(undefined)).toBe(500);
    expect(errorStatusCode('boom')).toBe(500);
    expect(errorStatusCode({ status: 404, statusText: 'Not Found', data: null })).toBe(404);
    expect(errorStatusCode({ status: 200 })).toBe(500);
    expect(errorStatusCode({ status: '404' })).toBe(500);
  });

  it('turns a detail record that cannot be read into the 404 or 403 page, nothing else', () => {
    expect(detailErrorStatus({ status: 404 })).toBe(404);
    expect(detailErrorStatus({ status: 400 })).toBe(404);
    expect(detailErrorStatus({ status: 403 })).toBe(403);
    expect(detailErrorStatus({ status: 0 })).toBeNull();
    expect(detailErrorStatus({ status: 500 })).toBeNull();
    expect(detailErrorStatus(new Error('x'))).toBeNull();
  });
});
