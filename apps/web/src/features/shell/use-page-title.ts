import { discoveryFr } from '@guichet/shared';
import { useEffect } from 'react';
import { useMeta } from '../../api/meta';

/** Names the tab after what the page shows, for a route marked `titledByPage` (app/route-handle.ts). */
export function usePageTitle(title: string | undefined): void {
  const { brandName } = useMeta();
  useEffect(() => {
    if (title) document.title = discoveryFr.titles.withBrand(title, brandName);
  }, [title, brandName]);
}
