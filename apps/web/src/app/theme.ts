import { fr } from '@guichet/shared';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  localStorageColorSchemeManager,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';

const NAMED_SIZES = ['xs', 'sm', 'md'];

/** The width a page asked its container for, now the width of its content (lg and wider: none). */
function measureOf(size: unknown): string {
  if (typeof size === 'number') return `calc(${size / 16}rem * var(--mantine-scale))`;
  if (typeof size === 'string' && NAMED_SIZES.includes(size)) return `var(--container-size-${size})`;
  return 'none';
}

// Every close button says what it does, for screen readers.
const closeButtonProps = { 'aria-label': fr.common.close };

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  // Inter, self-hosted (@fontsource-variable/inter); the system's own while it loads (swap).
  fontFamily: '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // The spec's mobile breakpoint is 700 px: `sm` is that breakpoint everywhere.
  breakpoints: { xs: '30em', sm: '43.75em', md: '62em', lg: '75em', xl: '88em' },
  headings: {
    fontWeight: '750',
    fontFamily: '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  // Plain objects rather than Modal.extend(…): importing the components here would put the
  // modal, drawer and positioning code in every page's first download (issue 14, JS budget).
  components: {
    // One content width and one left edge on every page (it ranged from 76 to 376 px at 1280 px):
    // every container is as wide as the header's; a page that asks for a narrower one gets its
    // content narrowed instead, left-aligned on the same edge (app/Layout.module.css).
    Container: {
      classNames: { root: 'guichet-container' },
      vars: (_theme: unknown, props: { size?: unknown; fluid?: boolean }) => ({
        root: props.fluid
          ? {}
          : {
              '--container-size': 'var(--container-size-lg)',
              '--guichet-measure': measureOf(props.size),
            },
      }),
    },
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Notification: { defaultProps: { closeButtonProps } },
    // The eye that shows a password says so, on every password field.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': fr.auth.showPassword } } },
  },
});

// The light hues whose shade 9 stays under 4.5:1 on their own tint (teal 4.49:1 under axe, orange
// 3.9, yellow 2.8): darkened further, to 5.5:1 and more.
const DARKER_LIGHT_TEXT: Record<string, number> = { teal: 0.25, green: 0.25, lime: 0.25, orange: 0.25, yellow: 0.35 };

/**
 * The text of 'light' variants (alert titles, light badges and buttons) in the light scheme:
 * Mantine writes shade 7 on a 10 % tint of it, 3.4:1 for red; shade 9 reads at 4.5:1 and more.
 */
function strongLightVariants(t: Parameters<CSSVariablesResolver>[0]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(t.colors).map(([name, shades]) => {
      const darker = DARKER_LIGHT_TEXT[name];
      return [`--mantine-color-${name}-light-color`, darker ? darken(shades[9], darker) : shades[9]];
    }),
  );
}

/** Secondary text and links at WCAG AA contrast in both schemes (Mantine's defaults fall short). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...strongLightVariants(t),
    '--mantine-color-dimmed': t.colors.gray[7],
    // Field errors: Mantine's red 6 is 3.3:1 on white; red 9 is 5.5:1.
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-anchor': t.colors.violet[8],
    '--guichet-accent-text': t.colors.violet[8],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-error': t.colors.red[5],
    '--mantine-color-anchor': t.colors.violet[3],
    '--guichet-accent-text': t.colors.violet[3],
  },
});

/**
 * Where the theme is kept: the visitor's choice in localStorage; for the shop framed by another
 * site (/embed/…), the site's theme from the frame's address, in memory: a frame under another
 * site has its storage refused or partitioned, and its theme is the site's, not the visitor's.
 */
export const colorSchemeManager: MantineColorSchemeManager =
  typeof window !== 'undefined' && window.location.pathname.startsWith('/embed/')
    ? framedColorSchemeManager(new URLSearchParams(window.location.search).get('theme'))
    : localStorageColorSchemeManager({ key: 'guichet.theme' });

function framedColorSchemeManager(theme: string | null): MantineColorSchemeManager {
  let current: MantineColorScheme = theme === 'light' || theme === 'dark' ? theme : 'auto';
  return {
    get: () => current,
    set: (value) => {
      current = value;
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {},
  };
}
