import type { CheckinListRules, ScanDirection } from './schemas';

/** One place as a check-in list counts it: its places, the entries taken on the list, who is inside. */
export type PlaceOnList = { quantity: number; entries: number; inside: number };

export type ListVerdict = 'accepted' | 'already_scanned' | 'not_checked_in' | 'already_out';

/**
 * A check-in list's rule for one place (docs/decisions.md, "Check-in lists"), the same on the
 * server (`guichet_take_list_entry`) and on an offline scanner. In: nobody of the place is inside
 * beyond its places, and an entry is left, or the list lets people come back. Out: someone of the
 * place is inside.
 */
export function listVerdict(
  list: Pick<CheckinListRules, 'allowReentry'>,
  place: PlaceOnList,
  direction: ScanDirection,
): ListVerdict {
  if (direction === 'out') {
    if (place.inside > 0) return 'accepted';
    return place.entries > 0 ? 'already_out' : 'not_checked_in';
  }
  const canEnter = place.inside < place.quantity && (place.entries < place.quantity || list.allowReentry);
  return canEnter ? 'accepted' : 'already_scanned';
}

/** The place after an accepted scan. */
export function afterScan(place: PlaceOnList, direction: ScanDirection): PlaceOnList {
  return direction === 'out'
    ? { ...place, inside: place.inside - 1 }
    : { ...place, entries: place.entries + 1, inside: place.inside + 1 };
}
