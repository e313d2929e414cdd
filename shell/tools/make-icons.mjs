// Writes the PWA icons (solid brand green with a simple white "open book" mark) without any image library:
// a PNG is a signature plus IHDR, IDAT (zlib-compressed scanlines) and IEND chunks.
// Run: node tools/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const GREEN = [0x05, 0x58, 0x37];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** The mark, in unit coordinates (0..1): two book pages either side of a spine, inside the safe zone. */
function isMark(x, y) {
  const inBook = y > 0.34 && y < 0.68 && x > 0.26 && x < 0.74;
  const spine = Math.abs(x - 0.5) < 0.012;
  const pageTilt = y < 0.34 + Math.abs(x - 0.5) * 0.25;
  const roof = y > 0.22 && y < 0.32 && Math.abs(x - 0.5) < (y - 0.22) * 2.2;
  return (inBook && !spine && !pageTilt) || roof;
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = isMark((x + 0.5) / size, (y + 0.5) / size) ? WHITE : GREEN;
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(outDir, { recursive: true });
for (const size of [192, 512]) fs.writeFileSync(path.join(outDir, `icon-${size}.png`), png(size));
console.log(`icons written to ${outDir}`);
