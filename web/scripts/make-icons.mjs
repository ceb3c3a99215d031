// Generates the PWA PNG icons in web/public/icons/ without any image library:
// a brand-blue square with a white car silhouette, drawn per pixel and written with zlib.
// Run: node web/scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(outDir, { recursive: true });

const BLUE = [29, 78, 216];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** Is (u, v) in unit coordinates (0..1) part of the white car? */
function isCar(u, v, scale) {
  // Shrink toward the centre for maskable icons (safe zone is the inner 80%).
  const x = 0.5 + (u - 0.5) / scale;
  const y = 0.5 + (v - 0.5) / scale;
  const inRoundRect = (x0, y0, x1, y1, r) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const body = inRoundRect(0.18, 0.47, 0.82, 0.64, 0.05);
  // Cabin: a trapezoid above the body.
  const cabinTop = 0.33;
  const cabin = y >= cabinTop && y <= 0.48 && x >= 0.3 - (y - cabinTop) * 0.6 && x <= 0.68 + (y - cabinTop) * 0.6;
  const windowHole =
    y >= cabinTop + 0.035 &&
    y <= 0.46 &&
    x >= 0.34 - (y - cabinTop) * 0.45 &&
    x <= 0.64 + (y - cabinTop) * 0.45 &&
    Math.abs(x - 0.49) > 0.012;
  const wheel = (cx) => (x - cx) ** 2 + (y - 0.65) ** 2 <= 0.075 ** 2;
  const hub = (cx) => (x - cx) ** 2 + (y - 0.65) ** 2 <= 0.03 ** 2;
  const wheelCut = (cx) => (x - cx) ** 2 + (y - 0.65) ** 2 <= 0.095 ** 2;
  if (wheel(0.33) || wheel(0.67)) return !(hub(0.33) || hub(0.67)) ? 'wheel' : 'white';
  if (wheelCut(0.33) || wheelCut(0.67)) return false;
  if (windowHole) return false;
  return body || cabin ? 'white' : false;
}

function png(size, { maskable = false } = {}) {
  const scale = maskable ? 1.25 : 1;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const radius = maskable ? 0 : 0.18;
  for (let py = 0; py < size; py++) {
    raw[py * (size * 3 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const u = (px + 0.5) / size;
      const v = (py + 0.5) / size;
      // Rounded corners outside the square read as white (the PNG has no alpha: RGB only).
      const cx = Math.min(Math.max(u, radius), 1 - radius);
      const cy = Math.min(Math.max(v, radius), 1 - radius);
      const inside = radius === 0 || (u - cx) ** 2 + (v - cy) ** 2 <= radius * radius;
      const car = isCar(u, v, scale);
      const color = !inside ? WHITE : car === 'white' ? WHITE : car === 'wheel' ? [15, 23, 42] : BLUE;
      raw.set(color, py * (size * 3 + 1) + 1 + px * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(`${outDir}icon-192.png`, png(192));
writeFileSync(`${outDir}icon-512.png`, png(512));
writeFileSync(`${outDir}icon-maskable-512.png`, png(512, { maskable: true }));
console.log('icons written to', outDir);
