import { organiserFr } from '@guichet/shared';
import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../events/EventCard';
import classes from './BannerPicker.module.css';

const f = organiserFr.form;

/**
 * The banner of an event being created: chosen here, shown whole in its 5:3 frame as the list
 * and the page will show it, and sent once the event exists (the upload needs its id).
 */
export function BannerPicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {f.banner}
        </Title>
        <div className={classes.frame}>
          <img src={preview ?? PLACEHOLDER_IMAGE} alt="" className={classes.image} />
        </div>
        <Text size="sm" c="dimmed">
          {file ? f.bannerChosen(file.name) : f.bannerHelp}
        </Text>
        <Group gap="sm">
          <FileButton accept="image/png,image/jpeg" onChange={onChange}>
            {(props) => (
              <Button {...props} variant="default">
                {f.chooseBanner}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button variant="subtle" color="gray" onClick={() => onChange(null)}>
              {f.removeBanner}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
