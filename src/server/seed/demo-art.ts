import type { OfferNiche } from '../../shared/schemas/offers';
import { Canvas, type Rgb } from './canvas';
import type { DemoOffer } from './demo-offers';

type Motif = 'rings' | 'bars' | 'sun' | 'dots';

/** Per niche: gradient from/to, accent colour (button, shapes) and a background motif. */
const NICHE_STYLE: Record<OfferNiche, { from: Rgb; to: Rgb; accent: Rgb; motif: Motif }> = {
  Emagrecimento: { from: [16, 185, 129], to: [6, 56, 45], accent: [250, 204, 21], motif: 'rings' },
  Espiritualidade: { from: [124, 58, 237], to: [30, 27, 75], accent: [251, 191, 36], motif: 'sun' },
  Sexualidade: { from: [220, 38, 38], to: [69, 10, 10], accent: [253, 164, 175], motif: 'dots' },
  'Renda Extra': { from: [34, 197, 94], to: [20, 60, 35], accent: [253, 224, 71], motif: 'bars' },
  Hot: { from: [219, 39, 119], to: [60, 7, 30], accent: [255, 255, 255], motif: 'dots' },
  Saúde: { from: [14, 165, 233], to: [12, 55, 90], accent: [190, 242, 100], motif: 'rings' },
  Fitness: { from: [249, 115, 22], to: [100, 35, 15], accent: [255, 255, 255], motif: 'bars' },
  Investimentos: { from: [37, 99, 235], to: [15, 23, 42], accent: [250, 204, 21], motif: 'bars' },
  Beleza: { from: [244, 114, 182], to: [112, 26, 117], accent: [255, 241, 242], motif: 'sun' },
  'Desenvolvimento Pessoal': {
    from: [245, 158, 11],
    to: [90, 40, 12],
    accent: [255, 255, 255],
    motif: 'sun',
  },
  Outros: { from: [100, 116, 139], to: [15, 23, 42], accent: [52, 211, 153], motif: 'dots' },
};

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39];

/** A small deterministic generator, so each offer always gets the same picture. */
function seeded(seed: number) {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function drawMotif(canvas: Canvas, motif: Motif, accent: Rgb, random: () => number) {
  const { width: w, height: h } = canvas;
  if (motif === 'rings') {
    for (let i = 0; i < 3; i++) {
      const r = 90 + random() * 120;
      canvas.circle(random() * w, random() * h, r, WHITE, 0.12, r - 18);
    }
  } else if (motif === 'bars') {
    const count = 6;
    const barWidth = w / (count * 1.6);
    for (let i = 0; i < count; i++) {
      const barHeight = (h * 0.25 * (i + 1)) / count + random() * 40;
      canvas.rect(40 + i * barWidth * 1.5, h - 150 - barHeight, barWidth, barHeight, WHITE, 0.14, 6);
    }
  } else if (motif === 'sun') {
    canvas.circle(w * 0.8, h * 0.22, 150, accent, 0.22);
    canvas.circle(w * 0.8, h * 0.22, 210, WHITE, 0.08, 180);
  } else {
    for (let i = 0; i < 14; i++) canvas.circle(random() * w, random() * h, 12 + random() * 40, WHITE, 0.12);
  }
}

/** Fits a line of the pixel font into `maxWidth` (scale at most `max`). */
const fitScale = (text: string, maxWidth: number, max: number) =>
  Math.max(2, Math.min(max, Math.floor((maxWidth + 1) / (6 * Math.max(text.length, 1)))));

/** A 600x600 square ad creative for the offer: niche gradient, motif, headline, button. */
export function drawCreative(offer: DemoOffer, index: number): Buffer {
  const style = NICHE_STYLE[offer.niche];
  const canvas = new Canvas(600, 600);
  canvas.gradient(style.from, style.to);
  drawMotif(canvas, style.motif, style.accent, seeded(index + 1));

  // No niche tag on the art: the card's status badge sits in that corner and the card lists the niche.
  offer.headline.forEach((line, i) => {
    const scale = fitScale(line, 520, 9);
    canvas.text(line, 300 + 4, 178 + i * 96 + 4, scale, INK, 'center');
    canvas.text(line, 300, 178 + i * 96, scale, i === 0 ? WHITE : style.accent, 'center');
  });

  const ctaScale = fitScale(offer.cta, 340, 4);
  const ctaWidth = Canvas.textWidth(offer.cta, ctaScale) + 64;
  canvas.rect(300 - ctaWidth / 2, 462, ctaWidth, 72, style.accent, 1, 36);
  canvas.text(offer.cta, 300, 498 - (7 * ctaScale) / 2, ctaScale, INK, 'center');
  return canvas.toPng();
}

/** The 1920x328 promotional banner above the catalogue. */
export function drawBanner(): Buffer {
  const canvas = new Canvas(1920, 328);
  canvas.gradient([22, 163, 74], [5, 12, 9]);
  const random = seeded(99);
  for (let i = 0; i < 8; i++)
    canvas.circle(random() * 1920, random() * 328, 40 + random() * 120, WHITE, 0.06);
  canvas.circle(1650, 164, 260, [250, 204, 21], 0.12, 220);
  canvas.text('CLUBE ESCALA', 96, 70, 11, WHITE);
  canvas.text('CALLS AO VIVO TODA QUINTA AS 20H', 100, 170, 5, [187, 247, 208]);
  canvas.rect(1380, 120, 420, 88, [250, 204, 21], 1, 44);
  canvas.text('PARTICIPE', 1590, 143, 6, INK, 'center');
  return canvas.toPng();
}
