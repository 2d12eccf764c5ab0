// The shop's LAN print bridge (issue 35, docs/printing.md): `npm run print-bridge` (after
// `npm run build`). PRINT_BRIDGE_PORT (default 9180), PRINT_BRIDGE_HOST (default 127.0.0.1: the
// till's own machine; 0.0.0.0 for the tills of the shop), PRINT_BRIDGE_ORIGINS (the app's origins,
// comma separated; empty: any), PRINT_BRIDGE_PRINTERS (the printers' host:port, comma separated;
// empty: any host on port 9100).
import { PrintBridge } from '../print-bridge/print-bridge';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

async function main() {
  const bridge = new PrintBridge({
    port: Number(process.env.PRINT_BRIDGE_PORT ?? 9180),
    host: process.env.PRINT_BRIDGE_HOST ?? '127.0.0.1',
    origins: list(process.env.PRINT_BRIDGE_ORIGINS),
    printers: list(process.env.PRINT_BRIDGE_PRINTERS),
  });
  const url = await bridge.start();
  process.stdout.write(`Print bridge on ${url}\n`);
  const stop = () => void bridge.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
