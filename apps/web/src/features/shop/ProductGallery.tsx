import { GALLERY_MAX_IMAGES, showcaseFr } from '@guichet/shared';
import { ActionIcon, Group, Stack } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { FALLBACK_IMAGE, showFallbackImage } from '../../ui/FallbackImage';
import classes from './shop.module.css';

const m = showcaseFr.details;

/** The main picture, arrows and thumbnails; at most 4 pictures (§2 "Shop detail pages"). */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const pictures = (images.length > 0 ? images : [FALLBACK_IMAGE]).slice(0, GALLERY_MAX_IMAGES);
  const [active, setActive] = useState(0);
  const move = (step: number) => setActive((index) => (index + step + pictures.length) % pictures.length);
  const several = pictures.length > 1;
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative' }}>
        <img
          src={pictures[active]}
          alt={several ? `${title} (${active + 1}/${pictures.length})` : title}
          width={640}
          height={480}
          className={classes.galleryMain}
          fetchPriority="high"
          onError={showFallbackImage}
        />
        {several && (
          <Group justify="space-between" px="xs" style={{ position: 'absolute', inset: 0 }} aria-hidden={false}>
            <ActionIcon
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={m.previousImage}
              onClick={() => move(-1)}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={m.nextImage}
              onClick={() => move(1)}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
        )}
      </div>
      {several && (
        <Group gap="xs">
          {pictures.map((src, index) => (
            <button
              key={src}
              type="button"
              className={classes.thumb}
              aria-current={index === active}
              aria-label={m.showImage(index + 1)}
              onClick={() => setActive(index)}
            >
              <img src={src} alt="" width={160} height={120} loading="lazy" onError={showFallbackImage} />
            </button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
