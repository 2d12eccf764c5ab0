import { expect, type Locator, type Page } from '@playwright/test';
import { deviceIdIn } from './offline-devices';
import { openShiftOnFreeRegister } from './support';

/**
 * This browser as a till (issue 35): a shift for the signed-in user unless one is open already (a
 * spec before it in the worker's database may have left one; the one opened is returned, to close),
 * the till screen loaded so the till registers itself, and its printer settings readable.
 */
export async function tillOfThisBrowser(
  page: Page,
): Promise<{ deviceId: string; shift: { id: string } | null }> {
  const current = await (await page.request.get('/api/Shift/current')).text();
  const shift =
    !current || current === 'null' ? await openShiftOnFreeRegister(page.request, 0, 40) : null;
  await page.reload();
  await expect(page.getByTestId('pos-screen')).toBeVisible();
  await expect.poll(() => deviceIdIn(page).catch(() => '')).not.toBe('');
  const deviceId = await deviceIdIn(page);
  await expect
    .poll(async () => (await page.request.get(`/api/PosDevices/${deviceId}/printer`)).status())
    .toBe(200);
  return { deviceId, shift };
}

/** The printer dialog of that till, opened from its row of the settings screen. */
export async function printerDialogOf(
  page: Page,
  deviceId: string,
): Promise<{ dialog: Locator; row: Locator }> {
  await page.goto('/admin/settings');
  const row = page.locator(`[data-testid="device-printer-row"][data-device-id="${deviceId}"]`);
  await row.getByTestId('edit-printer').click();
  return { dialog: page.getByRole('dialog'), row };
}
