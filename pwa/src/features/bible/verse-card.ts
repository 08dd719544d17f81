// A verse card: the passage's words, its name and the site's name drawn on a canvas on the device
// (so it works offline), light or dark, then shared as a PNG through the share sheet where the
// device can share files, or downloaded. Loaded only when a reader asks for an image.
export type CardTheme = 'light' | 'dark';

const CARD_SIZE_PX = 1080;
const MARGIN_PX = 96;
const TEXT_PX_MAX = 64;
const TEXT_PX_MIN = 30;
const LINE_HEIGHT = 1.35;

/** Background, words and muted colours of each card (fixed: a shared image does not follow a theme). */
const CARD_COLORS: Record<CardTheme, { background: string; text: string; muted: string; rule: string }> = {
  light: { background: '#faf6ef', text: '#1f1b16', muted: '#5c5248', rule: '#7a4b1f' },
  dark: { background: '#181512', text: '#f1ebe3', muted: '#c2b6a8', rule: '#e0a86a' },
};

export interface CardText {
  /** "John 3:16-17". */
  title: string;
  words: string;
  /** "American Standard Version (1901)". */
  translation: string;
  site: string;
}

/** `words` broken into lines no wider than `width` at the context's font. */
function wrap(context: CanvasRenderingContext2D, words: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the card on `canvas` (made CARD_SIZE_PX square): the largest text size that fits. */
export function drawVerseCard(canvas: HTMLCanvasElement, card: CardText, theme: CardTheme): void {
  canvas.width = CARD_SIZE_PX;
  canvas.height = CARD_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This device cannot draw images.');
  const colors = CARD_COLORS[theme];
  context.fillStyle = colors.background;
  context.fillRect(0, 0, CARD_SIZE_PX, CARD_SIZE_PX);
  const width = CARD_SIZE_PX - 2 * MARGIN_PX;
  const room = CARD_SIZE_PX - 2 * MARGIN_PX - 220;
  let size = TEXT_PX_MAX;
  let lines: string[] = [];
  for (; size >= TEXT_PX_MIN; size -= 2) {
    context.font = `${size}px Georgia, 'Times New Roman', serif`;
    lines = wrap(context, card.words, width);
    if (lines.length * size * LINE_HEIGHT <= room) break;
  }
  const lineHeight = size * LINE_HEIGHT;
  // A passage too long for the card ends with an ellipsis at the last line that fits.
  const fits = Math.max(1, Math.floor(room / lineHeight));
  if (lines.length > fits) lines = [...lines.slice(0, fits - 1), `${lines[fits - 1]}…`];
  let y = MARGIN_PX + (room - lines.length * lineHeight) / 2 + size;
  context.fillStyle = colors.text;
  context.textBaseline = 'alphabetic';
  for (const line of lines) {
    context.fillText(line, MARGIN_PX, y);
    y += lineHeight;
  }
  const foot = CARD_SIZE_PX - MARGIN_PX;
  context.fillStyle = colors.rule;
  context.fillRect(MARGIN_PX, foot - 150, 96, 6);
  context.font = `bold 48px system-ui, sans-serif`;
  context.fillStyle = colors.text;
  context.fillText(card.title, MARGIN_PX, foot - 80);
  context.font = `30px system-ui, sans-serif`;
  context.fillStyle = colors.muted;
  context.fillText(`${card.translation} · ${card.site}`, MARGIN_PX, foot - 24);
}

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))), 'image/png'));
}

/** "john-3-16-17.png". */
const cardFileName = (title: string) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`;

/**
 * Shares the card as a file where the device can (`navigator.canShare({ files })`), otherwise
 * downloads it; 'shared', 'downloaded', or 'cancelled' when the reader closed the share sheet.
 */
export async function shareCard(canvas: HTMLCanvasElement, title: string): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const blob = await toBlob(canvas);
  const file = new File([blob], cardFileName(title), { type: 'image/png' });
  const data = { files: [file], title };
  if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
