import { fr } from '@guichet/shared';
import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core';

// Every close button says what it does, for screen readers.
const closeButtonProps = { 'aria-label': fr.common.close };

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // The spec's mobile breakpoint is 700 px: `sm` is that breakpoint everywhere.
  breakpoints: { xs: '30em', sm: '43.75em', md: '62em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700' },
  // Plain objects rather than Modal.extend(…): importing the components here would put the
  // modal, drawer and positioning code in every page's first download (issue 14, JS budget).
  components: {
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Notification: { defaultProps: { closeButtonProps } },
  },
});

/** Secondary text and links at WCAG AA contrast in both schemes (Mantine's defaults fall short). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
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

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'guichet.theme' });
