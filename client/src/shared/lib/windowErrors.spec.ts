import {
  isBotUserAgent,
  isReloadError,
  RELOAD_GUARD_MS,
  shouldReloadForError,
} from './windowErrors';

describe('window error reload', () => {
  it('recognises the two kinds of errors', () => {
    expect(
      isReloadError(
        "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
      ),
    ).toBe(true);
    expect(isReloadError('NotFoundError: The object can not be found here.')).toBe(true);
    expect(isReloadError('TypeError: x is undefined')).toBe(false);
    expect(isReloadError(undefined)).toBe(false);
  });
  it('reloads once, not in a loop', () => {
    const msg = 'The object can not be found here.';
    expect(shouldReloadForError(msg, null, 1_000_000)).toBe(true);
    expect(shouldReloadForError(msg, 1_000_000, 1_000_000 + 1000)).toBe(false);
    expect(shouldReloadForError(msg, 1_000_000, 1_000_000 + RELOAD_GUARD_MS + 1)).toBe(true);
  });
});

describe('bot user agents', () => {
  it('detects crawlers only', () => {
    expect(
      isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe(true);
    expect(
      isBotUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
