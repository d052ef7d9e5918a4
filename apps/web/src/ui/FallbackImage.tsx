import type { ComponentProps, SyntheticEvent } from 'react';

/** The picture shown where an item's own is missing or fails to load (§8 "Missing image"). */
export const FALLBACK_IMAGE = '/event-placeholder.svg';

export function showFallbackImage(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  // Once only: a missing fallback must not loop.
  if (!img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE;
}

/** An item's picture, or the fallback where it has none or its own fails to load. `alt` is asked: "" when decorative. */
export function FallbackImage({
  src,
  alt,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'alt' | 'onError'> & { src: string | null | undefined; alt: string }) {
  return <img src={src ?? FALLBACK_IMAGE} alt={alt} onError={showFallbackImage} {...props} />;
}
