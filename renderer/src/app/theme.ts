import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 (Mantine's default) gives white text 4.0:1 on indigo; 7 passes WCAG AA's 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * Text colours that meet WCAG AA (4.5:1, checked by axe in `e2e/accessibility.spec.ts`): Mantine's
 * defaults for dimmed text (gray 6) and for light badges, buttons and the active link (a mid
 * shade on a tint) fall short, so the light scheme sets the darkest text on the palest tint, and
 * filled colours dark enough for white text.
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
        colors.flatMap((color) => [
          [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
          [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
          [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
          [`--mantine-color-${color}-filled`, `var(--mantine-color-${color}-9)`],
          [`--mantine-color-${color}-filled-hover`, `var(--mantine-color-${color}-8)`],
        ]),
      ),
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      ...Object.fromEntries(
        colors.flatMap((color) => [
          [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-2)`],
          [`--mantine-color-${color}-filled`, `var(--mantine-color-${color}-9)`],
        ]),
      ),
    },
  };
};
