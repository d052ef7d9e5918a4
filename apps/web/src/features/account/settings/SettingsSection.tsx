import type { ReactNode } from 'react';
import { Panel } from '../../../ui/Panel';

/** One group of the settings: its own heading, its own form, its own save. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title} order={2} padding="lg" gap="md">
      {children}
    </Panel>
  );
}
