import { connect } from 'node:net';
import { parsePrinterAddress } from '@pos/contracts';

/** Why a job did not reach the printer (the caller answers 502 / the bridge its own error). */
export class PrinterUnreachable extends Error {
  constructor(
    readonly address: string,
    cause?: unknown,
  ) {
    super(`printer ${address} unreachable`, { cause });
  }
}

/**
 * Sends ESC/POS bytes to a network printer over raw TCP (port 9100, "JetDirect"): connect, write,
 * close; done when the printer has taken the last byte (the socket closed cleanly). Used by the
 * server's relay (POST /PosDevices/:id/print) and by the shop's LAN bridge (cli/print-bridge.ts).
 */
export function sendRaw(address: string, bytes: Uint8Array, timeoutMs = 5000): Promise<void> {
  const target = parsePrinterAddress(address);
  if (!target) return Promise.reject(new PrinterUnreachable(address));
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    socket.setNoDelay(true);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    socket.once('error', (err) => reject(new PrinterUnreachable(address, err)));
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
    socket.once('connect', () => socket.end(bytes));
  });
}
