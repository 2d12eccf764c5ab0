import { onUnhandledRejection, unhandledRejections } from './unhandled-rejections';

describe('onUnhandledRejection', () => {
  const log = () => ({ warn: jest.fn(), error: jest.fn() });

  it('warns of a Redis connection closed under a command, and counts it', () => {
    const l = log();
    const before = unhandledRejections();
    onUnhandledRejection(new Error('Connection is closed.'), l);
    expect(l.warn).toHaveBeenCalledWith(
      'A Redis command failed with nobody waiting for it: Connection is closed.',
    );
    expect(l.error).not.toHaveBeenCalled();
    expect(unhandledRejections()).toBe(before + 1);
  });

  it('logs anything else as an error with its stack', () => {
    const l = log();
    const error = new TypeError('x is undefined');
    onUnhandledRejection(error, l);
    expect(l.error).toHaveBeenCalledWith(expect.stringContaining('TypeError: x is undefined'));
    expect(l.warn).not.toHaveBeenCalled();
    onUnhandledRejection('a string', l);
    expect(l.error).toHaveBeenLastCalledWith(expect.stringContaining('Error: a string'));
  });
});
