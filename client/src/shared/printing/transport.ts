import type { DevicePrinterDto } from '@pos/contracts';
import { printerApi } from './printerApi';

// Where a till's ESC/POS bytes go (issue 35, docs/printing.md): a network printer through the
// shop's LAN bridge when the till has one (offline too), else through the server's relay; a USB or
// serial printer straight from the browser (WebUSB / Web Serial, where the browser has them). A
// failure throws; the caller falls back to the browser's print dialog.

const base64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

/** Whether this browser can reach a printer of this kind without the print dialog. */
export function canPrintDirect(printer: DevicePrinterDto | null): boolean {
  if (!printer) return false;
  if (printer.printerKind === 'network') return Boolean(printer.printerAddress);
  if (printer.printerKind === 'usb') return 'usb' in navigator;
  if (printer.printerKind === 'serial') return 'serial' in navigator;
  return false;
}

export async function sendToPrinter(
  deviceId: string,
  printer: DevicePrinterDto,
  bytes: Uint8Array,
  options: { pick?: boolean } = {},
): Promise<void> {
  if (printer.printerKind === 'network') return sendNetwork(deviceId, printer, bytes);
  if (printer.printerKind === 'usb') return sendUsb(bytes, options.pick);
  if (printer.printerKind === 'serial') return sendSerial(bytes, options.pick);
  throw new Error('no direct printer');
}

/**
 * Labels (ZPL or TSPL, issue 35 item 4) to the till's label printer: through its print bridge
 * first, else the server's relay, as receipts go.
 */
export async function sendLabels(deviceId: string, printer: DevicePrinterDto, bytes: Uint8Array) {
  if (!printer.labelLanguage || !printer.labelPrinterAddress) throw new Error('no label printer');
  return sendNetwork(deviceId, printer, bytes, 'label');
}

async function sendNetwork(
  deviceId: string,
  printer: DevicePrinterDto,
  bytes: Uint8Array,
  target: 'receipt' | 'label' = 'receipt',
) {
  const data = base64(bytes);
  const address = target === 'label' ? printer.labelPrinterAddress : printer.printerAddress;
  if (printer.printBridgeUrl) {
    try {
      const res = await fetch(`${printer.printBridgeUrl.replace(/\/+$/, '')}/print`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ printer: address, data }),
      });
      if (res.ok) return;
    } catch {
      // the bridge is down or out of reach: the server's relay next
    }
  }
  await printerApi.print(deviceId, data, target);
}

// WebUSB and Web Serial are not in TypeScript's DOM library: the little used of them, typed here.
type UsbEndpoint = { direction: 'in' | 'out'; type: string; endpointNumber: number };
type UsbDevice = {
  opened: boolean;
  configuration: {
    interfaces: { interfaceNumber: number; alternate: { endpoints: UsbEndpoint[] } }[];
  } | null;
  open(): Promise<void>;
  selectConfiguration(n: number): Promise<void>;
  claimInterface(n: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<unknown>;
};
type Usb = {
  getDevices(): Promise<UsbDevice[]>;
  requestDevice(options: { filters: object[] }): Promise<UsbDevice>;
};
type SerialPortLike = {
  readable: unknown;
  writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number }): Promise<void>;
};
type Serial = {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(): Promise<SerialPortLike>;
};

/** The printer class of USB (7): the first device this site was given, or one the person picks. */
async function sendUsb(bytes: Uint8Array, pick = false) {
  const usb = (navigator as unknown as { usb?: Usb }).usb;
  if (!usb) throw new Error('WebUSB unavailable');
  let device = (await usb.getDevices())[0];
  if (!device && pick) device = await usb.requestDevice({ filters: [{ classCode: 7 }] });
  if (!device) throw new Error('no USB printer allowed on this till');
  if (!device.opened) await device.open();
  if (!device.configuration) await device.selectConfiguration(1);
  const found = device.configuration!.interfaces.flatMap((i) =>
    i.alternate.endpoints
      .filter((e) => e.direction === 'out' && e.type === 'bulk')
      .map((e) => ({ iface: i.interfaceNumber, endpoint: e.endpointNumber })),
  )[0];
  if (!found) throw new Error('the USB device has no bulk out endpoint');
  await device.claimInterface(found.iface).catch(() => undefined); // claimed before: fine
  for (let i = 0; i < bytes.length; i += 16384)
    await device.transferOut(found.endpoint, bytes.subarray(i, i + 16384));
}

/** A serial printer (or a USB one that shows as a serial port): 9600 baud unless it says more. */
async function sendSerial(bytes: Uint8Array, pick = false) {
  const serial = (navigator as unknown as { serial?: Serial }).serial;
  if (!serial) throw new Error('Web Serial unavailable');
  let port = (await serial.getPorts())[0];
  if (!port && pick) port = await serial.requestPort();
  if (!port) throw new Error('no serial printer allowed on this till');
  if (!port.writable) await port.open({ baudRate: 9600 });
  const writer = port.writable!.getWriter();
  try {
    await writer.write(bytes);
  } finally {
    writer.releaseLock();
  }
}
