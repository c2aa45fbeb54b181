/**
 * The console's Mantine theme, and the colours it puts in place of Mantine's defaults so that text
 * reads against what it is drawn on at WCAG AA (4.5:1) in both colour schemes.
 *
 * Mantine's defaults fall short in many places staff read all day: secondary ("dimmed") text is
 * gray 6 on white (3.3:1) and dark 2 on dark 7 (4.0:1); a filled blue button has white text at
 * 3.6:1; a light badge writes shade 9 on shade 1 of its colour (green: 3.8:1); red error text is
 * 3.3:1. Each such colour here is Mantine's own, darkened (light scheme) or lightened (dark scheme)
 * by the least step that reaches 4.5:1 against every surface it appears on, so the palette keeps
 * its look and only the colours that fail move. Coloured text and links are also read on the
 * tinted backgrounds of alerts (a form's error summary has red text and links on red 1); secondary
 * text only on the page's own surfaces, so that in the dark scheme it stays visibly secondary.
 */
import {
  Combobox,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  darken,
  Loader,
  lighten,
  luminance,
  type MantineColorsTuple,
  Modal,
} from '@mantine/core';

/** WCAG 2 AA contrast for body text (1.4.3). */
export const MIN_CONTRAST = 4.5;

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, or the least darkened (`'darker'`) or lightened (`'lighter'`) version of it that reaches
 * MIN_CONTRAST against every one of `backgrounds`: steps of 2 %, ending in black or white.
 */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  direction: 'darker' | 'lighter',
): string {
  const reads = (candidate: string) => backgrounds.every((bg) => contrast(candidate, bg) >= MIN_CONTRAST);
  for (let step = 0; step <= 50; step += 1) {
    const amount = step / 50;
    const candidate =
      step === 0 ? color : direction === 'darker' ? darken(color, amount) : lighten(color, amount);
    if (reads(candidate)) return candidate;
  }
  return direction === 'darker' ? '#000000' : '#ffffff';
}

const WHITE = DEFAULT_THEME.white;
const GRAY = DEFAULT_THEME.colors.gray;
const DARK = DEFAULT_THEME.colors.dark;

interface Surfaces {
  light: readonly string[];
  dark: readonly string[];
}

/** The page's surfaces: the page, hovered and striped rows, headers, inputs and panels. */
const PAGE_SURFACES: Surfaces = { light: [WHITE, GRAY[0], GRAY[1]], dark: [DARK[7], DARK[6], DARK[8]] };

/**
 * What text sits on in each scheme: the page, hovered and striped rows, headers and panels (light:
 * white, gray 0 and 1; dark: dark 7, 6 and 8), and the tinted background of every colour's light
 * variant, where alerts put their text, links and secondary text (light: shade 1; dark: shade 9
 * darkened by half). The dark palette's own tint is a grey for dark-scheme surfaces, left out.
 */
function surfacesOf(colors: Readonly<Record<string, MantineColorsTuple>>): Surfaces {
  const palettes = Object.entries(colors).filter(([name]) => name !== 'dark');
  return {
    light: [...PAGE_SURFACES.light, ...palettes.map(([, shades]) => shades[1])],
    dark: [...PAGE_SURFACES.dark, ...palettes.map(([, shades]) => darken(shades[9], 0.5))],
  };
}

/** The per-colour variables Mantine derives from a palette, made readable (see the file's comment). */
function readableColorVariables(
  name: string,
  shades: MantineColorsTuple,
  surfaces: Surfaces,
): { light: Record<string, string>; dark: Record<string, string> } {
  // Light scheme. Filled: white text on it; light: shade 9 text on shade 1 (hover: shade 2);
  // text and outline: the colour on the page.
  const lightFilled = readableOn(shades[6], [WHITE], 'darker');
  const lightText = readableOn(shades[6], surfaces.light, 'darker');
  // Dark scheme. Filled: white text on shade 8; light: shade 0 text on shade 9 darkened by half
  // (hover: by 30 %); text and outline: shade 4 on the page.
  const darkFilled = readableOn(shades[8], [WHITE], 'darker');
  const darkText = readableOn(shades[4], surfaces.dark, 'lighter');
  return {
    light: {
      [`--mantine-color-${name}-filled`]: lightFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(lightFilled, 0.1),
      [`--mantine-color-${name}-light-color`]: readableOn(shades[9], [shades[1], shades[2]], 'darker'),
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
    },
    dark: {
      [`--mantine-color-${name}-filled`]: darkFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(darkFilled, 0.1),
      [`--mantine-color-${name}-light-color`]: readableOn(
        shades[0],
        [darken(shades[9], 0.5), darken(shades[9], 0.3)],
        'lighter',
      ),
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-outline`]: darkText,
    },
  };
}

/**
 * Mantine's CSS variables with readable colours: each palette's filled, light, text and outline
 * colours, the primary colour's links, secondary (dimmed) and placeholder text, and error text.
 * Merged over Mantine's own variables by the provider.
 */
export const readableCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const surfaces = surfacesOf(theme.colors);
  for (const [name, shades] of Object.entries(theme.colors)) {
    const vars = readableColorVariables(name, shades, surfaces);
    Object.assign(light, vars.light);
    Object.assign(dark, vars.dark);
  }
  const primary = theme.colors[theme.primaryColor] ?? DEFAULT_THEME.colors.blue;
  const red = theme.colors.red ?? DEFAULT_THEME.colors.red;
  // Placeholders read like secondary text: the same colour.
  const lightDimmed = readableOn(GRAY[6], PAGE_SURFACES.light, 'darker');
  const darkDimmed = readableOn(DARK[2], PAGE_SURFACES.dark, 'lighter');
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-anchor': readableOn(primary[6], surfaces.light, 'darker'),
      '--mantine-color-dimmed': lightDimmed,
      '--mantine-color-placeholder': lightDimmed,
      '--mantine-color-error': readableOn(red[6], surfaces.light, 'darker'),
    },
    dark: {
      ...dark,
      '--mantine-color-anchor': readableOn(primary[4], surfaces.dark, 'lighter'),
      '--mantine-color-dimmed': darkDimmed,
      '--mantine-color-placeholder': darkDimmed,
      '--mantine-color-error': readableOn(red[8], surfaces.dark, 'lighter'),
    },
  };
};

/** The console's Mantine theme (the colours are in readableCssVariables, given to the provider). */
export const theme = createTheme({
  components: {
    // Select, MultiSelect and the other inputs built on Mantine's Combobox mount their dropdown only
    // while it is open. Mantine keeps it mounted, hidden, by default, and a hidden dropdown is still
    // positioned when its input mounts or changes: floating-ui reads computed styles and layout for
    // it, forcing the style and layout of a half-built screen in the middle of React's commit. On a
    // list screen (one such input, the view picker) that was most of the first commit's forced
    // work; see bench/README.md, line 9.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    // A spinner says what is loading (its aria-label, e.g. "Loading the form"): a label needs a
    // role to be read, and a loading spinner is a status.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // The × of a dialog or drawer is an icon alone: Mantine gives it no name, so a screen reader
    // announces a bare "button" (axe: button-name, critical). Named here for every one of them,
    // the ones the modals manager opens included.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // (Written as a plain theme entry, not `Drawer.extend`: importing the Drawer here would put it in
    // every screen's first download, where no screen opens one.)
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
  },
  // Someone whose system asks for less motion gets modals, menus and toasts without their
  // transitions (index.css does the same for our own CSS).
  respectReducedMotion: true,
});
