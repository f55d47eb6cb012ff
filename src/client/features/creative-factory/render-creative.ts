import { type CreativeForm, type CreativeTemplate, FONT_STACKS } from './templates';
import { type FittedText, fitText, readableTextColor } from './wrap-text';

/**
 * Draws a creative on a 2D canvas context, entirely in the browser (the factory makes no
 * server call; no font or image is fetched). The member's name is the headline, the text the body; the font size
 * chosen in the form (12-24 px) is the body size on a 400 px wide layout, scaled to the image's width
 * (16 px is 43 px on a 1080 px story); the headline is twice the body size; both shrink when the text is long.
 */

type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'globalAlpha'
  | 'fillRect'
  | 'fillText'
  | 'measureText'
  | 'beginPath'
  | 'arc'
  | 'fill'
  | 'roundRect'
>;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const REFERENCE_WIDTH = 400;

export const fontFor = (form: Pick<CreativeForm, 'fontFamily'>, px: number, bold: boolean) =>
  `${bold ? 'bold ' : ''}${px}px ${FONT_STACKS[form.fontFamily]}`;

function drawText(
  ctx: Ctx,
  form: CreativeForm,
  box: Box,
  align: 'left' | 'center',
  colors: { headline: string; body: string },
  imageWidth: number,
): FittedText {
  const bodyPx = form.fontSize * (imageWidth / REFERENCE_WIDTH);
  const measure = (text: string, px: number, bold: boolean) => {
    ctx.font = fontFor(form, px, bold);
    return ctx.measureText(text).width;
  };
  const fitted = fitText(measure, {
    headline: form.name,
    body: form.text,
    maxWidth: box.w,
    maxHeight: box.h,
    headlinePx: bodyPx * 2,
    bodyPx,
  });
  ctx.textBaseline = 'top';
  ctx.textAlign = align;
  const x = align === 'center' ? box.x + box.w / 2 : box.x;
  let y = box.y + (box.h - fitted.height) / 2;
  ctx.fillStyle = colors.headline;
  ctx.font = fontFor(form, fitted.headline.fontPx, true);
  for (const line of fitted.headline.lines) {
    ctx.fillText(line, x, y);
    y += fitted.headline.lineHeight;
  }
  y += fitted.gap;
  ctx.fillStyle = colors.body;
  ctx.font = fontFor(form, fitted.body.fontPx, false);
  for (const line of fitted.body.lines) {
    ctx.fillText(line, x, y);
    y += fitted.body.lineHeight;
  }
  return fitted;
}

function circle(ctx: Ctx, x: number, y: number, r: number, color: string, alpha: number) {
  ctx.globalAlpha = alpha;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** Paints the whole creative (background, shapes, text) for `template` at its own size. */
export function drawCreative(ctx: Ctx, template: CreativeTemplate, form: CreativeForm): void {
  const { width: w, height: h } = template;
  const primary = form.primaryColor;
  const secondary = form.secondaryColor;
  const onPrimary = readableTextColor(primary);
  const onSecondary = readableTextColor(secondary);
  ctx.globalAlpha = 1;
  switch (template.id) {
    case 'banner-promo': {
      ctx.fillStyle = secondary;
      ctx.fillRect(0, 0, w, h);
      circle(ctx, w - 120, h / 2, h * 0.75, primary, 0.35);
      ctx.fillStyle = primary;
      ctx.fillRect(0, 0, 24, h);
      drawText(
        ctx,
        form,
        { x: 80, y: 40, w: w * 0.66, h: h - 80 },
        'left',
        {
          headline: primary,
          body: onSecondary,
        },
        w,
      );
      break;
    }
    case 'post-social': {
      ctx.fillStyle = primary;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = secondary;
      ctx.beginPath();
      ctx.roundRect(60, 60, w - 120, h - 120, 48);
      ctx.fill();
      drawText(
        ctx,
        form,
        { x: 140, y: 140, w: w - 280, h: h - 280 },
        'center',
        {
          headline: primary,
          body: onSecondary,
        },
        w,
      );
      break;
    }
    case 'story-instagram': {
      ctx.fillStyle = secondary;
      ctx.fillRect(0, 0, w, h);
      circle(ctx, w * 0.85, h * 0.1, w * 0.45, primary, 0.35);
      circle(ctx, w * 0.1, h * 0.92, w * 0.35, primary, 0.25);
      ctx.fillStyle = primary;
      ctx.fillRect(0, 0, w, 24);
      ctx.fillRect(0, h - 24, w, 24);
      drawText(
        ctx,
        form,
        { x: 100, y: 320, w: w - 200, h: h - 640 },
        'center',
        {
          headline: primary,
          body: onSecondary,
        },
        w,
      );
      break;
    }
    case 'anuncio-facebook': {
      const split = Math.round(w * 0.45);
      ctx.fillStyle = primary;
      ctx.fillRect(0, 0, split, h);
      ctx.fillStyle = secondary;
      ctx.fillRect(split, 0, w - split, h);
      // The headline on the primary block, the body on the secondary side: two boxes, one text each.
      const onlyHeadline = { ...form, text: '' };
      const onlyBody = { ...form, name: '' };
      drawText(
        ctx,
        onlyHeadline,
        { x: 48, y: 48, w: split - 96, h: h - 96 },
        'left',
        {
          headline: onPrimary,
          body: onPrimary,
        },
        w,
      );
      drawText(
        ctx,
        onlyBody,
        { x: split + 48, y: 48, w: w - split - 96, h: h - 96 },
        'left',
        { headline: onSecondary, body: onSecondary },
        w,
      );
      break;
    }
  }
}

/** The creative as a PNG Blob (a fresh <canvas> of the template's size). */
export async function renderCreativePng(template: CreativeTemplate, form: CreativeForm): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = template.width;
  canvas.height = template.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Seu navegador não conseguiu desenhar a imagem.');
  drawCreative(ctx, template, form);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('Seu navegador não conseguiu gerar o PNG.'));
    }, 'image/png');
  });
}

/** The text alternative of a generated creative (the preview <img>'s alt). */
export function describeCreative(template: CreativeTemplate, form: CreativeForm): string {
  const text = form.text.trim().replace(/\s+/g, ' ');
  return `${template.name} com o título "${form.name.trim()}"${text ? ` e o texto "${text}"` : ''}.`;
}
