// Draws the app icon (a gold heater shield with a d20 on it) and writes build/icon.png
// (512×512) plus electron-builder's Linux icon set build/icons/<size>x<size>.png.
// Pure JS: shapes are polygons, each pixel is shaded from its signed distance to them (which
// gives anti-aliased edges for free), and the PNG encoder is zlib + CRC-32 by hand.
// Run: node build/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [16, 32, 48, 64, 128, 256, 512];

// ---- Geometry, in unit coordinates (0..1, y down) ----------------------------------------

/** A heater shield: straight top with rounded corners, straight sides, pointed arched bottom. */
function shieldPolygon() {
  const cx = 0.5;
  const W = 0.37; // half width
  const top = 0.09;
  const shoulder = 0.44;
  const tip = 0.93;
  const corner = 0.05;
  const h = tip - shoulder;
  const R = (h * h + W * W) / (2 * W); // arc through the shoulder and the tip
  const points = [];
  // Top edge, left to right, with rounded corners.
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI + (i / 8) * (Math.PI / 2);
    points.push([cx - W + corner + corner * Math.cos(a), top + corner + corner * Math.sin(a)]);
  }
  for (let i = 0; i <= 8; i++) {
    const a = -Math.PI / 2 + (i / 8) * (Math.PI / 2);
    points.push([cx + W - corner + corner * Math.cos(a), top + corner + corner * Math.sin(a)]);
  }
  // Right side down to the tip, then the left side back up.
  const halfWidth = (y) => (y <= shoulder ? W : W - R + Math.sqrt(R * R - (y - shoulder) ** 2));
  const steps = 48;
  for (let i = 0; i <= steps; i++) {
    const y = shoulder + (h * i) / steps;
    points.push([cx + halfWidth(y), y]);
  }
  for (let i = steps - 1; i >= 0; i--) {
    const y = shoulder + (h * i) / steps;
    points.push([cx - halfWidth(y), y]);
  }
  return points;
}

/** A regular polygon with `n` corners, the first straight up from the centre. */
function regular(cx, cy, radius, n, flip = false) {
  return Array.from({ length: n }, (_, k) => {
    const a = (k * 2 * Math.PI) / n;
    return [cx + radius * Math.sin(a), cy + (flip ? 1 : -1) * radius * Math.cos(a)];
  });
}

/** Signed distance from p to a closed polygon: negative inside (even-odd rule). */
function sdPolygon(poly, px, py) {
  let d = Infinity;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    const ex = xj - xi;
    const ey = yj - yi;
    const wx = px - xi;
    const wy = py - yi;
    const t = Math.max(0, Math.min(1, (wx * ex + wy * ey) / (ex * ex + ey * ey)));
    const dx = wx - ex * t;
    const dy = wy - ey * t;
    d = Math.min(d, dx * dx + dy * dy);
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? -Math.sqrt(d) : Math.sqrt(d);
}

// ---- Colours -------------------------------------------------------------------------------

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const RIM = hex('#141821'); // the dark outline: separates the gold from light backgrounds
const GOLD_TOP = hex('#ffd266');
const GOLD_BOTTOM = hex('#d98c1a');
const INK = hex('#1d2230'); // the d20
const EDGE = hex('#c9922e'); // the d20's facet edges
const FACE = hex('#fff0c2'); // the d20's near face

// ---- Rendering -----------------------------------------------------------------------------

function render(size) {
  const shield = shieldPolygon();
  // A d20 seen face-on: a hexagon, the near face a triangle in the middle, and each of the
  // face's corners joined to three corners of the hexagon.
  const [cx, cy] = [0.5, 0.47];
  const hexagon = regular(cx, cy, 0.25, 6);
  const face = regular(cx, cy + 0.012, 0.135, 3);
  const facets = [
    [0, [5, 0, 1]],
    [1, [1, 2, 3]],
    [2, [3, 4, 5]],
  ].flatMap(([f, corners]) => corners.map((h) => [face[f], hexagon[h]]));
  // Strokes never thinner than about a pixel, so small sizes keep their outline.
  const px = 1 / size;
  const rim = Math.max(0.032, 1.15 * px);
  const line = Math.max(0.011, 0.55 * px);
  const rgba = new Uint8Array(size * size * 4);

  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const ux = (x + 0.5) / size;
      const uy = (y + 0.5) / size;
      // Coverage of "distance < edge", anti-aliased over one pixel.
      const cover = (distance, edge = 0) => Math.max(0, Math.min(1, 0.5 - (distance - edge) / px));
      const dShield = sdPolygon(shield, ux, uy);
      const alpha = cover(dShield);
      let colour = [0, 0, 0];
      if (alpha > 0) {
        const gold = mix(GOLD_TOP, GOLD_BOTTOM, Math.max(0, Math.min(1, (uy - 0.1) / 0.8)));
        // Heraldic "per pale": the right half a shade darker, which reads as light from the left.
        const shaded = ux > 0.5 ? gold.map((v) => v * 0.86) : gold;
        colour = mix(RIM, shaded, cover(dShield, -rim));
        const dHexagon = sdPolygon(hexagon, ux, uy);
        colour = mix(colour, INK, cover(dHexagon));
        // Below 32 px the facet lines only blur the die; the hexagon and the face still read.
        if (size >= 32 && dHexagon < px) {
          const dLines = Math.min(...facets.map(([[ax, ay], [bx, by]]) => segmentDistance(ux, uy, ax, ay, bx, by)));
          colour = mix(colour, EDGE, cover(dLines, line) * cover(dHexagon, -line));
        }
        colour = mix(colour, FACE, cover(sdPolygon(face, ux, uy)));
      }
      const o = (y * size + x) * 4;
      rgba[o] = Math.round(colour[0]);
      rgba[o + 1] = Math.round(colour[1]);
      rgba[o + 2] = Math.round(colour[2]);
      rgba[o + 3] = Math.round(alpha * 255);
    }
  }
  return rgba;
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const ex = bx - ax;
  const ey = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)));
  return Math.hypot(px - ax - ex * t, py - ay - ey * t);
}

// ---- PNG -----------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  // Each scanline starts with filter type 0 (none); deflate does the rest.
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- Main ----------------------------------------------------------------------------------

mkdirSync(path.join(here, 'icons'), { recursive: true });
for (const size of SIZES) {
  const png = encodePng(size, render(size));
  writeFileSync(path.join(here, 'icons', `${size}x${size}.png`), png);
  if (size === 512) writeFileSync(path.join(here, 'icon.png'), png);
}
console.log(`build/icon.png and build/icons/{${SIZES.map((s) => `${s}x${s}`).join(',')}}.png written`);
