import { crc32, deflateSync } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { AddDisplayImageCommand, AddDisplayImageHandler } from '../modules/settings';
import { demoMeta, demoRunner } from './demo-runner';

// The demo's customer display images (issue 35 item 3, docs/decisions/0129): three wide pictures
// drawn here (no download), added through the real command to the first demo branch's own screen,
// so `npm run demo`'s till shows a slideshow on /CustomerDisplay. A branch made later (the tests')
// has none and shows the logo or the name. Idempotent: added once, while that screen is empty.

const WIDTH = 960;
const HEIGHT = 540;
type Rgb = [number, number, number];

const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
};

/** An RGB PNG of `pixel(x, y)`: rows filtered "Sub" (smooth art compresses to a few KB). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 1;
    let prev: Rgb = [0, 0, 0];
    for (let x = 0; x < width; x += 1) {
      const p = pixel(x, y);
      for (let c = 0; c < 3; c += 1) raw[row + 1 + x * 3 + c] = (p[c] - prev[c] + 256) & 0xff;
      prev = p;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
const WHITE: Rgb = [255, 255, 255];

/** Three calm pictures: the brand's teal with soft circles, warm stripes, rings on night blue. */
export const DEMO_DISPLAY_ART: ((x: number, y: number) => Rgb)[] = [
  (x, y) => {
    const base = mix(hex('#0f766e'), hex('#134e4a'), (x + y) / (WIDTH + HEIGHT));
    const circles: [number, number, number][] = [
      [720, 170, 150],
      [240, 400, 210],
      [860, 470, 90],
    ];
    const inside = circles.filter(([cx, cy, r]) => (x - cx) ** 2 + (y - cy) ** 2 < r * r).length;
    return mix(base, WHITE, Math.min(0.45, inside * 0.16));
  },
  (x, y) => {
    const base = mix(hex('#c2410c'), hex('#f59e0b'), x / WIDTH);
    const stripe = Math.floor((x + y) / 60) % 2 === 0;
    return mix(base, WHITE, stripe ? 0.12 : 0);
  },
  (x, y) => {
    const base = mix(hex('#1e1b4b'), hex('#3730a3'), y / HEIGHT);
    const d = Math.sqrt((x - WIDTH / 2) ** 2 + (y - HEIGHT / 2) ** 2);
    const ring = Math.floor(d / 45) % 2 === 0 && d < 260;
    return mix(base, hex('#fbbf24'), ring ? 0.55 : 0);
  },
];

export async function seedDemoDisplayImages(ds: DataSource): Promise<void> {
  const [admin] = await ds.query(`SELECT id, branch_id FROM users WHERE username = 'admin'`);
  if (!admin?.branch_id) return;
  const [present] = await ds.query('SELECT 1 FROM display_images WHERE branch_id = $1 LIMIT 1', [
    admin.branch_id,
  ]);
  if (present) return;
  const add = new AddDisplayImageHandler(demoRunner(ds));
  for (const art of DEMO_DISPLAY_ART) {
    const buffer = encodePng(WIDTH, HEIGHT, art);
    await add.execute(
      new AddDisplayImageCommand(
        { mimetype: 'image/png', size: buffer.length, buffer },
        admin.branch_id,
        demoMeta(admin.id, 'demo seed'),
      ),
    );
  }
}
