import type { Rasterize } from './escpos';
import { charWidth, textWidth } from './receipt';
import { PrinterError } from './transports';

/** Font A's cell: 12 × 24 dots. */
const CELL_HEIGHT = 24;
const FONTS = '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif';

/**
 * A printed row drawn by the browser's canvas with the system's Chinese font, one character per cell
 * (two cells for a Chinese one), so the image lines up with the rows printed as text.
 */
export const canvasRasterize: Rasterize = (row, { dots, columns, bold, scale, align }) => {
  const cell = (dots / columns) * scale;
  const height = CELL_HEIGHT * scale;
  const canvas = document.createElement('canvas');
  canvas.width = dots;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PrinterError('no canvas to draw the row');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, dots, height);
  ctx.fillStyle = '#000';
  ctx.font = `${bold ? 'bold ' : ''}${22 * scale}px ${FONTS}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  let x = align === 'center' ? Math.max(0, Math.floor((dots - textWidth(row) * cell) / 2)) : 0;
  for (const ch of row) {
    const w = charWidth(ch) * cell;
    ctx.fillText(ch, x + w / 2, height / 2, w);
    x += w;
  }
  return ctx.getImageData(0, 0, dots, height);
};
