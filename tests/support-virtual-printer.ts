import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { dirname } from 'node:path';
import { PNG } from 'pngjs';
import {
  decodeEscPos,
  rasterDot,
  type DecodedJob,
  type Raster,
} from '../libs/contracts/src/escpos';
import { decodeLabels, labelLanguageOf, type DecodedLabels } from '../libs/contracts/src/labels';

// A virtual ESC/POS printer for the test suite (issue 35): a raw TCP listener (what port 9100 is on
// a real one) on an ephemeral port; each connection is one job, decoded (init, raster bands, feed,
// cut, drawer pulse) when the sender closes it. A label printer's job (ZPL ^GFA or TSPL BITMAP, issue
// 35 item 4) is decoded to its labels' rasters instead (`labels`; `raster` stays null).

export type PrintedJob = DecodedJob & { bytes: number; labels: DecodedLabels | null };

export type VirtualPrinter = {
  /** `127.0.0.1:<port>`, the address to give a till's printer */
  address: string;
  jobs: PrintedJob[];
  /** the next job (one already printed and not yet taken, or the next to come) */
  nextJob(timeoutMs?: number): Promise<PrintedJob>;
  close(): Promise<void>;
};

export async function startVirtualPrinter(): Promise<VirtualPrinter> {
  const jobs: PrintedJob[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const labels = labelLanguageOf(bytes) ? decodeLabels(bytes) : null;
      const escPos = labels ? decodeEscPos(new Uint8Array()) : decodeEscPos(bytes);
      jobs.push({ ...escPos, bytes: bytes.length, labels });
      socket.end();
      waiting.splice(0).forEach((wake) => wake());
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    jobs,
    async nextJob(timeoutMs = 15000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length <= taken) {
        if (Date.now() > deadline) throw new Error('no print job came to the virtual printer');
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return jobs[taken++];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raster as a PNG (black dots on white), for looking at and for pixel comparison. */
export function rasterToPng(raster: Raster): PNG {
  const png = new PNG({ width: raster.width, height: raster.height });
  for (let y = 0; y < raster.height; y++)
    for (let x = 0; x < raster.width; x++) {
      const v = rasterDot(raster, x, y) ? 0 : 255;
      const i = (y * raster.width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = v;
      png.data[i + 3] = 255;
    }
  return png;
}

export function writePng(path: string, png: PNG): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, PNG.sync.write(png));
}
