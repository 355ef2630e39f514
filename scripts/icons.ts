/**
 * `npm run icons`: draws the app icons of the manifest (public/icons/) from the portal's mark, the
 * white L on blue of public/favicon.svg: 192 and 512 pixels as browsers ask for installation, the
 * same as maskable (the mark inside the safe zone, the blue to the edges, so a launcher may cut any
 * shape) and 180 pixels for iOS's home screen. The PNGs are committed; run this after changing the mark.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const BLUE = "#0b5394";
const out = path.resolve(import.meta.dirname, "../public/icons");

/** The mark on a 32-unit canvas, scaled by `scale` around the centre; `rounded` for the plain icon. */
function svg(scale: number, rounded: boolean): string {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 6 : 0}" fill="${BLUE}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M9 8h4v12h8v4H9z" fill="#fff"/></g>
</svg>`;
}

const ICONS = [
  { name: "icon-192.png", size: 192, scale: 1, rounded: true },
  { name: "icon-512.png", size: 512, scale: 1, rounded: true },
  // Maskable: launchers keep at least the centre circle of 80 %; the mark is kept well inside it.
  { name: "icon-maskable-192.png", size: 192, scale: 0.75, rounded: false },
  { name: "icon-maskable-512.png", size: 512, scale: 0.75, rounded: false },
  // iOS rounds the corners itself.
  { name: "apple-touch-icon.png", size: 180, scale: 0.85, rounded: false },
];

fs.mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(svg(icon.scale, icon.rounded)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.name));
  console.log(`${icon.name} ${icon.size}×${icon.size}`);
}
