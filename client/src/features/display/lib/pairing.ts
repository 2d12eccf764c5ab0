import { isRegisterNumber } from '@pos/contracts';

// The register this device's display is paired with, kept on the device (docs/decisions/0115).
const KEY = 'pos.customerDisplay.register';

export function readRegister(storage: Pick<Storage, 'getItem'>): number | null {
  const value = Number(storage.getItem(KEY));
  return isRegisterNumber(value) ? value : null;
}

export function saveRegister(storage: Pick<Storage, 'setItem'>, register: number): void {
  storage.setItem(KEY, String(register));
}

export function forgetRegister(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(KEY);
}
