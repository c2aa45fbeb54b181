import { DEFAULT_THEME, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, MIN_CONTRAST, readableCssVariables, readableOn, theme } from './theme.ts';

const resolved = readableCssVariables({ ...DEFAULT_THEME, ...theme } as MantineTheme);
const light = (name: `--${string}`): string => resolved.light[name] ?? '';
const dark = (name: `--${string}`): string => resolved.dark[name] ?? '';
const { gray, dark: darkShades } = DEFAULT_THEME.colors;

describe('contrast', () => {
  it('is the WCAG ratio: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#868e96', '#868e96')).toBe(1);
    // Mantine's dimmed text on white, as axe measured it.
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#495057', ['#ffffff'], 'darker')).toBe('#495057');
  });

  it('moves a colour that does not by the least step, no further', () => {
    const moved = readableOn('#868e96', ['#ffffff'], 'darker');
    expect(contrast(moved, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast(moved, '#ffffff')).toBeLessThan(5.5);
    const lifted = readableOn('#828282', ['#242424'], 'lighter');
    expect(contrast(lifted, '#242424')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast(lifted, '#242424')).toBeLessThan(5.5);
  });
});

describe('the readable theme colours', () => {
  const lightSurfaces = ['#ffffff', gray[0], gray[1]];
  const darkSurfaces = [darkShades[7], darkShades[6], darkShades[8]];

  it('secondary and placeholder text read on the page; links and errors on every surface too', () => {
    const page = {
      light: ['#ffffff', gray[0], gray[1]],
      dark: [darkShades[7], darkShades[6], darkShades[8]],
    };
    for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder'] as const) {
      for (const surface of page.light)
        expect(contrast(light(name), surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      for (const surface of page.dark)
        expect(contrast(dark(name), surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    // Secondary in the dark scheme too: well below the text's own brightness (dark 0).
    expect(contrast(dark('--mantine-color-dimmed'), darkShades[7])).toBeLessThan(
      contrast(darkShades[0], darkShades[7]) - 2,
    );
    const names = ['--mantine-color-anchor', '--mantine-color-error'] as const;
    for (const name of names) {
      for (const surface of lightSurfaces)
        expect(contrast(light(name), surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      for (const surface of darkSurfaces)
        expect(contrast(dark(name), surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('every palette: white on filled, light text on its light background, coloured text on the page', () => {
    for (const [color, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const v = (scheme: 'light' | 'dark', key: string) =>
        (scheme === 'light' ? light : dark)(`--mantine-color-${color}-${key}`);
      expect(contrast('#ffffff', v('light', 'filled')), `${color} filled`).toBeGreaterThanOrEqual(
        MIN_CONTRAST,
      );
      expect(contrast('#ffffff', v('dark', 'filled')), `${color} filled, dark`).toBeGreaterThanOrEqual(
        MIN_CONTRAST,
      );
      expect(contrast(v('light', 'light-color'), shades[1]), `${color} light`).toBeGreaterThanOrEqual(
        MIN_CONTRAST,
      );
      for (const surface of lightSurfaces)
        expect(contrast(v('light', 'text'), surface), `${color} text`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      for (const surface of darkSurfaces)
        expect(contrast(v('dark', 'text'), surface), `${color} text, dark`).toBeGreaterThanOrEqual(
          MIN_CONTRAST,
        );
    }
  });

  it('the light badges measured by axe now read: green and orange on their light backgrounds', () => {
    expect(contrast(light('--mantine-color-green-light-color'), '#d3f9d8')).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrast(light('--mantine-color-orange-light-color'), '#ffe8cc')).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
  });
});
