import { type SummaryTable } from './summaryTable';

const WIDTH = 800;
const PAD = 24;
const TITLE_HEIGHT = 56;
const BAR_HEIGHT = 26;
const BAR_GAP = 6;
/** Share of the width the labels' column may take; the rest is bars and their values. */
const LABEL_SHARE = 0.32;
const VALUE_WIDTH = 130;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The page's own colours, so an image copied in dark mode looks like the dark screen it came from. */
function colours(): { background: string; text: string; dimmed: string; bar: string } {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--mantine-color-body', '#ffffff'),
    text: read('--mantine-color-text', '#000000'),
    dimmed: read('--mantine-color-dimmed', '#868e96'),
    bar: read('--mantine-primary-color-filled', '#228be6'),
  };
}

/** A chart's bars drawn as a PNG, twice the pixels for sharp pasting: title, labels, bars, values. */
export function summaryImage(title: string, subtitle: string, table: SummaryTable): Promise<Blob> {
  const { bars } = table;
  const height = TITLE_HEIGHT + bars.length * (BAR_HEIGHT + BAR_GAP) + PAD;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * 2;
  canvas.height = height * 2;
  const g = canvas.getContext('2d');
  if (!g) return Promise.reject(new Error('This window cannot draw images.'));
  g.scale(2, 2);
  const c = colours();
  g.fillStyle = c.background;
  g.fillRect(0, 0, WIDTH, height);
  g.textBaseline = 'middle';
  g.fillStyle = c.text;
  g.font = `600 16px ${FONT}`;
  g.fillText(clip(g, title, WIDTH - 2 * PAD), PAD, 22);
  g.fillStyle = c.dimmed;
  g.font = `13px ${FONT}`;
  g.fillText(clip(g, subtitle, WIDTH - 2 * PAD), PAD, 42);

  const labelWidth = (WIDTH - 2 * PAD) * LABEL_SHARE;
  const barLeft = PAD + labelWidth + 8;
  const barSpace = WIDTH - PAD - VALUE_WIDTH - barLeft;
  const most = Math.max(...bars.map((b) => b.value), 0);
  bars.forEach((bar, i) => {
    const y = TITLE_HEIGHT + i * (BAR_HEIGHT + BAR_GAP);
    g.fillStyle = c.text;
    g.font = `13px ${FONT}`;
    g.fillText(clip(g, bar.label, labelWidth), PAD, y + BAR_HEIGHT / 2);
    g.fillStyle = c.bar;
    g.fillRect(barLeft, y, most > 0 ? Math.max(2, (bar.value / most) * barSpace) : 2, BAR_HEIGHT);
    g.fillStyle = c.text;
    g.font = `600 13px ${FONT}`;
    g.fillText(bar.shown, WIDTH - PAD - VALUE_WIDTH + 8, y + BAR_HEIGHT / 2);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))),
      'image/png',
    ),
  );
}

/** The text cut with an ellipsis to fit `width`. */
function clip(g: CanvasRenderingContext2D, text: string, width: number): string {
  if (g.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && g.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
