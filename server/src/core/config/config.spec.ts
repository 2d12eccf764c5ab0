import { loadConfig } from './config';

describe('loadConfig: HTTP_KEEP_ALIVE_MS (decision 0141)', () => {
  it('keeps an idle connection 65 s unless told otherwise', () => {
    expect(loadConfig({}).httpKeepAliveMs).toBe(65_000);
    expect(loadConfig({ HTTP_KEEP_ALIVE_MS: '120000' }).httpKeepAliveMs).toBe(120_000);
  });

  it('holds the value to 5 s – 10 min and ignores what is not a number', () => {
    expect(loadConfig({ HTTP_KEEP_ALIVE_MS: '100' }).httpKeepAliveMs).toBe(5_000);
    expect(loadConfig({ HTTP_KEEP_ALIVE_MS: '3600000' }).httpKeepAliveMs).toBe(600_000);
    expect(loadConfig({ HTTP_KEEP_ALIVE_MS: 'soon' }).httpKeepAliveMs).toBe(65_000);
    expect(loadConfig({ HTTP_KEEP_ALIVE_MS: '' }).httpKeepAliveMs).toBe(65_000);
  });
});
