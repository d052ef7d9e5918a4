import type { TicketingStatus, TicketRead } from '@guichet/shared';
import { Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEventTypes } from '../../api/organiser';
import { fromLocalInput } from './datetime';
import type { EventFieldValues } from './EventFields';
import { EventPreview } from './EventPreview';

/**
 * The form beside its live preview (from `md` up; under it on a phone). `preview` null hides
 * the preview and gives the form the whole width.
 */
export function EventFormLayout({
  form,
  values,
  preview,
  sticky = false,
}: {
  form: ReactNode;
  values: EventFieldValues;
  preview: { organizerName: string; bannerUrl: string | null; status: TicketingStatus; tickets: TicketRead[] } | null;
  sticky?: boolean;
}) {
  const types = useEventTypes();
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: preview ? 7 : 12 }}>{form}</Grid.Col>
      {preview && (
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={sticky ? { position: 'sticky', top: 76 } : undefined}>
            <EventPreview
              data={{
                ...preview,
                title: values.title,
                dateBegin: fromLocalInput(values.dateBegin),
                dateEnd: fromLocalInput(values.dateEnd),
                address: values.address,
                category: types.data?.find((t) => String(t.id) === values.type)?.label ?? null,
                description: values.description,
              }}
            />
          </div>
        </Grid.Col>
      )}
    </Grid>
  );
}
