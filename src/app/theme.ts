import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue-8 and blue-9 meets WCAG AA (4.5:1); Mantine's default blue-6 does not.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Mantine mounts every closed Select's dropdown (hidden) and positions it with Floating UI at mount: a forced
    // layout of the whole page per select (~40 ms on the analytics page). Closed dropdowns are not mounted here.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * WCAG AA contrast (4.5:1) in both schemes for "dimmed" text, on the page and on gray panels (Mantine's gray-6
 * and dark-2 give 3.3 and 4.0). The `light` variants' text is darkened in the shell's CSS (src/app/shell/shell.css).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': '#a6a6a6' },
});
