import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 (Mantine's default) gives white text 4.0:1 on indigo; 7 passes WCAG AA's 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // The close button is an icon alone: without a name a screen reader says only "button".
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
    }),
  },
});

/** WCAG AA for normal text, the ratio axe checks in `e2e/accessibility.spec.ts`. */
export const minimumContrast = 4.5;

export function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The darkest shade of a colour, darkened further until it reads at AA on every background it
 * meets: shade 9 is not enough for four of Mantine's colours (orange 9 on orange 0 is 3.96:1,
 * yellow 2.83:1, lime 3.49:1, green 4.07:1), and a "Stale" badge is orange.
 */
export function readableShade(color: string, backgrounds: readonly string[]): string {
  const shade = DEFAULT_THEME.colors[color]![9];
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? shade : darken(shade, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= minimumContrast)) {
      return candidate;
    }
  }
  return '#000000';
}

/**
 * Text colours that meet WCAG AA: Mantine's defaults for dimmed text (gray 6) and for light
 * badges, buttons and the active link (a mid shade on a tint) fall short, so the light scheme sets
 * the darkest text (made readable on the tint and on its hover) on the palest tint, and filled
 * colours dark enough for white text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const colors = Object.keys(DEFAULT_THEME.colors);
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-primary-color-light': 'var(--mantine-color-indigo-0)',
      '--mantine-primary-color-light-hover': 'var(--mantine-color-indigo-1)',
      '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
      ...Object.fromEntries(
        colors.flatMap((color) => {
          const [tint, hover] = DEFAULT_THEME.colors[color]!;
          const filled = readableShade(color, ['#ffffff']);
          return [
            [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
            [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
            [`--mantine-color-${color}-light-color`, readableShade(color, [tint, hover])],
            [`--mantine-color-${color}-filled`, filled],
            [`--mantine-color-${color}-filled-hover`, darken(filled, 0.1)],
          ];
        }),
      ),
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      ...Object.fromEntries(
        colors.flatMap((color) => [
          [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-2)`],
          [`--mantine-color-${color}-filled`, readableShade(color, ['#ffffff'])],
        ]),
      ),
    },
  };
};
