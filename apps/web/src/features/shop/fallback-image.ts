import type { SyntheticEvent } from 'react';

/** The picture shown where an item's own is missing or fails to load (§8 "Missing image"). */
export const FALLBACK_IMAGE = '/event-placeholder.svg';

export function showFallbackImage(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  // Once only: a missing fallback must not loop.
  if (!img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE;
}
