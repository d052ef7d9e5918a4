import { discoveryFr, fr, LISTING, type PriceFilter } from '@guichet/shared';
import { Button, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCurrentLocation, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ListFilters as Filters } from '../../api/events';
import { useEventTypes } from '../../api/organiser';
import classes from './ListFilters.module.css';

const t = discoveryFr.list;
const SEARCH_DEBOUNCE_MS = 300;
const RADII = ['5', '10', '20', '50', '100'];

const prices: { value: PriceFilter; label: string }[] = [
  { value: 'all', label: fr.events.filterAll },
  { value: 'paid', label: fr.events.filterPaid },
  { value: 'free', label: fr.events.filterFree },
];

/**
 * The list's search box and filters. They live in the URL (the page passes them in and gets
 * changes back): a filtered list can be shared, and the back button undoes a filter. Typing
 * replaces the history entry rather than adding one per letter.
 */
export function ListFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: Partial<Filters>, options?: { replace?: boolean }) => void;
}) {
  const types = useEventTypes();
  const [search, setSearch] = useState(filters.q ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [city, setCity] = useState(filters.city ?? '');
  const [debouncedCity] = useDebouncedValue(city.trim(), SEARCH_DEBOUNCE_MS);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState(false);
  const [rangeOpen, setRangeOpen] = useState(Boolean(filters.from || filters.to));

  // The URL changed from elsewhere (back button, a shared link): the boxes follow it.
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  useEffect(() => setCity(filters.city ?? ''), [filters.city]);
  useEffect(() => {
    if (debounced !== (filters.q ?? '')) onChange({ q: debounced || undefined }, { replace: true });
  }, [debounced, filters.q, onChange]);
  useEffect(() => {
    if (debouncedCity !== (filters.city ?? '')) onChange({ city: debouncedCity || undefined }, { replace: true });
  }, [debouncedCity, filters.city, onChange]);

  const when = filters.when ?? (rangeOpen ? 'range' : '');
  const aroundMe = Boolean(filters.lat && filters.lon);

  function locate() {
    setLocating(true);
    setLocationError(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        // Three decimals (about 100 m): near enough, and the same page for neighbours (caches).
        onChange({
          lat: position.coords.latitude.toFixed(3),
          lon: position.coords.longitude.toFixed(3),
          radius: filters.radius ?? '20',
        });
      },
      () => {
        setLocating(false);
        setLocationError(true);
      },
      { maximumAge: 600_000, timeout: 10_000 },
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        size="md"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={18} aria-hidden />}
        maxLength={LISTING.maxSearch}
      />
      <SegmentedControl
        value={filters.price ?? 'all'}
        onChange={(value) => onChange({ price: value === 'all' ? undefined : (value as PriceFilter) })}
        data={prices}
        aria-label={fr.events.filterLabel}
        maw={420}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" className={classes.filters}>
        <NativeSelect
          label={t.whenLabel}
          value={when}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setRangeOpen(value === 'range');
            onChange({
              when: value === 'today' || value === 'weekend' ? value : undefined,
              from: undefined,
              to: undefined,
            });
          }}
          data={[
            { value: '', label: t.whenAny },
            { value: 'today', label: t.whenToday },
            { value: 'weekend', label: t.whenWeekend },
            { value: 'range', label: t.whenRange },
          ]}
        />
        {when === 'range' && (
          <>
            <TextInput
              type="date"
              label={t.fromLabel}
              value={filters.from ?? ''}
              onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
            />
            <TextInput
              type="date"
              label={t.toLabel}
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
            />
          </>
        )}
        <NativeSelect
          label={t.categoryLabel}
          value={filters.type ?? ''}
          onChange={(event) => onChange({ type: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t.categoryAny },
            ...(types.data ?? []).map((type) => ({ value: String(type.id), label: type.label })),
          ]}
        />
        <TextInput
          label={t.cityLabel}
          placeholder={t.cityPlaceholder}
          value={city}
          onChange={(event) => setCity(event.currentTarget.value)}
          maxLength={LISTING.maxCity}
          disabled={aroundMe}
        />
        {aroundMe ? (
          <>
            <NativeSelect
              label={t.radiusLabel}
              value={filters.radius ?? '20'}
              onChange={(event) => onChange({ radius: event.currentTarget.value })}
              data={RADII.map((km) => ({ value: km, label: t.radiusKm(Number(km)) }))}
            />
            <Button variant="default" onClick={() => onChange({ lat: undefined, lon: undefined, radius: undefined })}>
              {t.aroundMeOff}
            </Button>
          </>
        ) : (
          <Button
            variant="default"
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
            onClick={locate}
            loading={locating}
          >
            {t.aroundMe}
          </Button>
        )}
      </SimpleGrid>
      {locationError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {t.locationRefused}
        </Text>
      )}
    </Stack>
  );
}
