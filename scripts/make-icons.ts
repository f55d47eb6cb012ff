// Run once when public/favicon.svg changes (`npx tsx scripts/make-icons.ts`): writes the app's PNG icons under
// public/icons (the web app manifest's 192 and 512, a maskable 512 and the apple-touch-icon), committed with it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../src/server/lib/paths';

const svg = path.join(projectRoot, 'public/favicon.svg');
const out = path.join(projectRoot, 'public/icons');
/** The dark theme's background (--color-background in src/client/styles.css). */
const BACKGROUND = '#0a0a0f';
mkdirSync(out, { recursive: true });

const render = (size: number) => sharp(svg, { density: Math.ceil((72 * size) / 64) * 2 }).resize(size, size);

await render(192).png({ compressionLevel: 9 }).toFile(path.join(out, 'icon-192.png'));
await render(512).png({ compressionLevel: 9 }).toFile(path.join(out, 'icon-512.png'));
// Maskable: the launcher crops to its own shape (circle, squircle) inside the middle 80%; the mark goes in the
// middle 60% on a full square of the background, so no shape cuts it.
for (const [size, name, inner] of [
  [512, 'icon-maskable-512.png', 308],
  [180, 'apple-touch-icon.png', 150],
] as const) {
  const mark = await render(inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, gravity: 'centre' }])
    .flatten({ background: BACKGROUND })
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}
console.log(`Ícones gravados em ${path.relative(projectRoot, out)}`);
