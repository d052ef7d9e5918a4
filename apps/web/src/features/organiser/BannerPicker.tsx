import { organiserFr } from '@guichet/shared';
import { Button, FileButton, Group, Text, type TitleOrder } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FallbackImage } from '../../ui/FallbackImage';
import { Panel } from '../../ui/Panel';
import classes from './BannerPicker.module.css';

const f = organiserFr.form;

/**
 * An event's banner, shown whole in its 5:3 frame as the list and the page will show it. Being
 * created, the event keeps the chosen `file` until it exists (the upload needs its id) and may
 * drop it; being edited, it shows the `saved` banner and each choice is sent at once.
 */
export function BannerPicker({
  file = null,
  saved = null,
  alt = '',
  order,
  pending = false,
  onChange,
}: {
  file?: File | null;
  saved?: string | null;
  alt?: string;
  order: TitleOrder;
  pending?: boolean;
  onChange: (file: File | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Panel title={f.banner} order={order} size="h4">
      <div className={classes.frame}>
        <FallbackImage src={preview ?? saved} alt={alt} className={classes.image} />
      </div>
      <Text size="sm" c="dimmed">
        {file ? f.bannerChosen(file.name) : f.bannerHelp}
      </Text>
      <Group gap="sm">
        <FileButton accept="image/png,image/jpeg" onChange={onChange}>
          {(props) => (
            <Button {...props} variant="default" loading={pending}>
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
    </Panel>
  );
}
