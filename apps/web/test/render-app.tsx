import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient, Providers } from '../src/app/providers';

/**
 * Renders a screen inside the app's own providers (its Mantine theme, a query client configured as
 * the app's, toasts) and a router at `path`, and gives the user who types and clicks.
 */
export function renderApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  // No pause between keystrokes: the screens do not debounce, and jsdom is slow enough.
  const user = userEvent.setup({ delay: null });
  const client = createQueryClient();
  const view = render(
    <Providers client={client} env="test">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { user, client, ...view };
}

/** A field's label as Testing Library reads it: the text, then the asterisk of a required field. */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}
