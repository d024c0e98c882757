/// <reference lib="dom" />
// Functions that run inside the app's page (passed to Playwright's `page.evaluate`): they must not
// close over anything in this module.

interface ProbeWindow {
  formdeskPaint?: Promise<number>;
}

/**
 * Arms a watch for the next `eventType` (a click, or typing into the search box): resolves with
 * the milliseconds from that event to the frame after the table's first row changed (the rows
 * reflect the new query and are painted). Rejects after `timeoutMs`.
 */
export function armPaintWatch({
  eventType,
  timeoutMs,
}: {
  eventType: 'click' | 'input';
  timeoutMs: number;
}): void {
  // The first row's submission, the words marked in it and the number of matches: a new search
  // can keep the same first row (it matches both words), and its marks may be in a column
  // scrolled out of view (not drawn), but then the count tells the new rows apart.
  const firstRow = () => {
    const grid = document.querySelector('[role="grid"][aria-label="Submissions"]');
    const row = grid?.querySelector('[role="row"][data-submission-id]');
    if (!grid || !row) return null;
    const marks = [...row.querySelectorAll('mark')].map((mark) => mark.textContent).join('|');
    return `${row.getAttribute('data-submission-id')} ${marks} ${grid.getAttribute('data-total')}`;
  };
  const before = firstRow();
  let startedAt: number | null = null;
  (window as ProbeWindow).formdeskPaint = new Promise<number>((resolve, reject) => {
    const check = () => {
      if (startedAt === null || firstRow() === before) return;
      const from = startedAt;
      observer.disconnect();
      clearTimeout(timer);
      // The frame that paints the change starts after this rAF; the task after it runs once painted.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from), 0));
    };
    const observer = new MutationObserver(check);
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the table's rows did not change within ${timeoutMs} ms`));
    }, timeoutMs);
    document.addEventListener(
      eventType,
      (event) => {
        startedAt = event.timeStamp;
        check();
      },
      { capture: true, once: true },
    );
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
      attributeFilter: ['data-submission-id', 'data-total'],
    });
  });
}

/**
 * The browser's own floor for the same measurement: a button (added once, top left) whose click
 * changes its text. Arms a watch like armPaintWatch for the next click on it.
 */
export function armFloorWatch({ timeoutMs }: { timeoutMs: number }): void {
  let button = document.getElementById('formdesk-bench-floor');
  if (!button) {
    button = document.createElement('button');
    button.id = 'formdesk-bench-floor';
    button.style.cssText = 'position:fixed;left:0;top:0;z-index:100000;font-size:10px';
    document.body.append(button);
  }
  const target = button;
  (window as ProbeWindow).formdeskPaint = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no click within ${timeoutMs} ms`)), timeoutMs);
    target.addEventListener(
      'click',
      (event) => {
        clearTimeout(timer);
        target.textContent = String(event.timeStamp);
        requestAnimationFrame(() =>
          setTimeout(() => resolve(performance.now() - event.timeStamp), 0),
        );
      },
      { once: true },
    );
  });
}

/** The armed watch's result (see armPaintWatch). */
export function paintWatchResult(): Promise<number> {
  const pending = (window as ProbeWindow).formdeskPaint;
  return pending ?? Promise.reject(new Error('no paint watch was armed'));
}

export interface ScrollProbe {
  /** Time between consecutive animation frames while scrolling, in ms. */
  frames: number[];
  /** Most elements inside the table at any frame. */
  maxNodes: number;
  /** Rows scrolled past. */
  rowsCovered: number;
}

/**
 * Scrolls the table from the top in `steps` animation frames: `stepPx` per frame (a fast wheel
 * or trackpad), or, when `stepPx` is 0, evenly through the whole result (the scrollbar dragged
 * from top to bottom). Measures every frame and counts the table's elements.
 */
export async function scrollProbe({
  steps,
  stepPx,
}: {
  steps: number;
  stepPx: number;
}): Promise<ScrollProbe> {
  const grid = document.querySelector('[role="grid"][aria-label="Submissions"]');
  if (!(grid instanceof HTMLElement)) throw new Error('the submissions table is not on the page');
  const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  grid.scrollTop = 0;
  await nextFrame();
  await nextFrame();
  const end = grid.scrollHeight - grid.clientHeight;
  const step = stepPx > 0 ? stepPx : end / steps;
  const frames: number[] = [];
  let maxNodes = grid.getElementsByTagName('*').length;
  let last = await nextFrame();
  for (let i = 1; i <= steps; i++) {
    grid.scrollTop = Math.min(end, i * step);
    const now = await nextFrame();
    frames.push(now - last);
    last = now;
    maxNodes = Math.max(maxNodes, grid.getElementsByTagName('*').length);
  }
  const rows = Number(grid.getAttribute('aria-rowcount')) - 1;
  return { frames, maxNodes, rowsCovered: Math.round((grid.scrollTop / grid.scrollHeight) * rows) };
}
