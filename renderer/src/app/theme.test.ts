import { DEFAULT_THEME, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, minimumContrast, theme } from './theme';

const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as MantineTheme);
const colors = Object.keys(DEFAULT_THEME.colors);

describe('theme colours', () => {
  it('reads every light badge at AA in the light scheme, on its tint and on its hover', () => {
    const short = colors.filter((color) => {
      const [tint, hover] = DEFAULT_THEME.colors[color]!;
      const text = variables.light[`--mantine-color-${color}-light-color`]!;
      return Math.min(contrast(text, tint), contrast(text, hover)) < minimumContrast;
    });
    expect(short).toEqual([]);
  });

  it('reads white text at AA on every filled colour, in both schemes', () => {
    const short = colors.flatMap((color) =>
      (['light', 'dark'] as const)
        .map((scheme) => [scheme, variables[scheme][`--mantine-color-${color}-filled`]!] as const)
        .filter(([, filled]) => contrast(filled, '#ffffff') < minimumContrast)
        .map(([scheme]) => `${color} (${scheme})`),
    );
    expect(short).toEqual([]);
  });

  it('keeps the shade 9 a colour already reads at, so most colours look as designed', () => {
    const text = variables.light['--mantine-color-indigo-light-color'];
    expect(text).toBe(DEFAULT_THEME.colors.indigo[9]);
  });
});
