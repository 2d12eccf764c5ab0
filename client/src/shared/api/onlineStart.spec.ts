import { onlineManager, QueryClient } from '@tanstack/react-query';
import { startOnlineAsTheBrowserSays } from './onlineStart';

describe('startOnlineAsTheBrowserSays', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('a till opened offline: its query waits for the network and runs once it is back', async () => {
    startOnlineAsTheBrowserSays(onlineManager, { onLine: false });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.mount();
    const shift = jest.fn(async () => ({ id: 'shift-1' }));
    const fetched = client.fetchQuery({ queryKey: ['shift'], queryFn: shift });
    await Promise.resolve();
    expect(shift).not.toHaveBeenCalled();
    expect(client.getQueryState(['shift'])?.fetchStatus).toBe('paused');
    // The browser's `online` event (here: what the manager's listener does with it).
    onlineManager.setOnline(true);
    await expect(fetched).resolves.toEqual({ id: 'shift-1' });
    expect(shift).toHaveBeenCalledTimes(1);
    client.unmount();
  });

  it('changes nothing when the browser is online or says nothing', () => {
    const manager = { setOnline: jest.fn() };
    startOnlineAsTheBrowserSays(manager, { onLine: true });
    startOnlineAsTheBrowserSays(manager, {});
    startOnlineAsTheBrowserSays(manager, undefined);
    expect(manager.setOnline).not.toHaveBeenCalled();
  });
});
