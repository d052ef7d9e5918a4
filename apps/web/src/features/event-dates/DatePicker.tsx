import { type EventDateView, eventDatesFr, FEW_PLACES_THRESHOLD, formatDateTime } from '@guichet/shared';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import classes from './DatePicker.module.css';
import { isChoosable, monthGrids } from './dates';

const t = eventDatesFr.picker;

/** What a date says beside its time: 'Annulée', 'Complet', 'Plus que N places', or the places left. */
export function dateStatusText(date: EventDateView): string | null {
  if (date.status === 'cancelled') return t.cancelled;
  if (date.status === 'soldOut' || date.placesLeft === 0) return t.soldOut;
  if (date.placesLeft === null) return null;
  return date.placesLeft <= FEW_PLACES_THRESHOLD ? t.fewLeft(date.placesLeft) : t.placesLeft(date.placesLeft);
}

function StatusMark({ date, compact }: { date: EventDateView; compact: boolean }) {
  const full = dateStatusText(date);
  if (!full) return null;
  const text = compact && isChoosable(date) && date.placesLeft !== null ? t.placesShort(date.placesLeft) : full;
  const color =
    date.status === 'cancelled'
      ? 'gray'
      : !isChoosable(date)
        ? 'red'
        : (date.placesLeft ?? Number.POSITIVE_INFINITY) <= FEW_PLACES_THRESHOLD
          ? 'orange'
          : 'teal';
  return (
    <Badge
      component="span"
      size="sm"
      variant="light"
      color={color}
      className={classes.mark}
      data-tone={color}
      data-compact={compact || undefined}
    >
      {text}
    </Badge>
  );
}

const timeOf = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

type Props = {
  dates: EventDateView[];
  value: string | null;
  onChange(dateId: string): void;
  /** Forced for tests; otherwise a list on phones and a month grid from 62em. */
  layout?: 'list' | 'grid';
};

/**
 * The dates of an event (issue 32), one group of native radios (one name): a list on phones, month
 * grids on wide screens. The browser gives the radio group's keys: one tab stop, the arrows move
 * between the dates that can be chosen and choose them; sold-out and cancelled ones are disabled.
 */
export function DatePicker({ dates, value, onChange, layout }: Props) {
  const wide = useMediaQuery('(min-width: 62em)');
  const shape = layout ?? (wide ? 'grid' : 'list');
  const titleId = useId();
  const name = useId();

  const radio = (date: EventDateView, compact: boolean) => {
    const checked = date.id === value;
    const disabled = !isChoosable(date);
    const status = dateStatusText(date);
    return (
      <label
        key={date.id}
        className={compact ? classes.slot : classes.item}
        data-checked={checked || undefined}
        data-disabled={disabled || undefined}
        data-cancelled={date.status === 'cancelled' || undefined}
      >
        <input
          type="radio"
          name={name}
          value={date.id}
          checked={checked}
          disabled={disabled}
          onChange={() => onChange(date.id)}
          className={classes.input}
          aria-label={[formatDateTime(date.dateBegin), status].filter(Boolean).join(', ')}
        />
        <span className={classes.when} aria-hidden>
          {compact ? timeOf.format(new Date(date.dateBegin)) : formatDateTime(date.dateBegin)}
        </span>
        <StatusMark date={date} compact={compact} />
        {!compact && date.movedFrom && (
          <Text span size="xs" c="dimmed" className={classes.moved}>
            {t.moved(formatDateTime(date.movedFrom))}
          </Text>
        )}
      </label>
    );
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h3" id={titleId}>
        {t.title}
      </Title>
      <fieldset
        aria-labelledby={titleId}
        className={`${classes.fieldset} ${shape === 'grid' ? classes.months : classes.list}`}
      >
        {shape === 'list'
          ? dates.map((date) => radio(date, false))
          : monthGrids(dates).map((month) => (
              <fieldset key={month.key} className={`${classes.fieldset} ${classes.month}`}>
                <legend className={classes.monthName}>{month.label}</legend>
                <div className={classes.grid}>
                  {t.weekdays.map((day) => (
                    <span key={day} className={classes.weekday} aria-hidden>
                      {day}
                    </span>
                  ))}
                  {month.weeks.flat().map((cell, index) =>
                    cell ? (
                      <div key={cell.key} className={classes.day} data-empty={cell.dates.length === 0 || undefined}>
                        <span className={classes.dayNumber} aria-hidden>
                          {cell.day}
                        </span>
                        {cell.dates.map((date) => radio(date, true))}
                      </div>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the blank days before and after the month have no other identity
                      <div key={`blank-${index}`} className={classes.blank} />
                    ),
                  )}
                </div>
              </fieldset>
            ))}
      </fieldset>
    </Stack>
  );
}
