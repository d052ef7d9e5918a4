import {
  defaultVatRate,
  MAX_TICKETS_PER_ORDER,
  type ManagedEvent,
  organiserFr,
  priceToCents,
  type TicketInput,
  type TicketRead,
  type VatRate,
} from '@guichet/shared';
import { type Typed, typedValue } from './typed-number';

export type OptionDraft = { key: string; title: string; price: Typed; quantity: Typed };
export type TicketDraft = {
  key: string;
  title: string;
  description: string;
  price: Typed;
  quantity: Typed;
  isHidden: boolean;
  isMultipart: boolean;
  /** Null: the category's usual rate, which follows the category until the organiser picks one. */
  vatRate: VatRate | null;
  options: OptionDraft[];
  /** The dates it is sold for (issue 32); empty: every date. */
  dateIds: string[];
  isPass: boolean;
};

let counter = 0;
export const draftKey = () => `draft-${++counter}`;

/** A new ticket starts free, with the default title Billet {n}. */
export function newTicketDraft(position: number): TicketDraft {
  return {
    key: draftKey(),
    title: organiserFr.ticket.defaultTitle(position),
    description: '',
    price: 0,
    quantity: 1,
    isHidden: false,
    isMultipart: false,
    vatRate: null,
    options: [],
    dateIds: [],
    isPass: false,
  };
}

const orNull = typedValue;
/** A count for the preview and the participants' sum: what is typed, when it is a count. */
const countOf = (value: Typed) => {
  const n = typedValue(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : 0;
};

export function toTicketInput(draft: TicketDraft): TicketInput {
  return {
    ...(draft.vatRate && { vatRate: draft.vatRate }),
    title: draft.title,
    description: draft.description,
    price: draft.isMultipart ? null : orNull(draft.price),
    quantity: draft.isMultipart ? null : orNull(draft.quantity),
    isHidden: draft.isHidden,
    isMultipart: draft.isMultipart,
    options: draft.isMultipart
      ? draft.options.map((o) => ({
          title: o.title,
          description: '',
          price: orNull(o.price),
          quantity: orNull(o.quantity),
          isHidden: draft.isHidden,
        }))
      : [],
    dateIds: draft.dateIds,
    isPass: draft.isPass,
  };
}

export function draftQuantity(draft: TicketDraft): number {
  if (draft.isMultipart) return draft.options.reduce((sum, o) => sum + countOf(o.quantity), 0);
  return countOf(draft.quantity);
}

/** The drafts as the event page would show them, for the live preview. Hidden tickets are left out. */
export function toPreviewTickets(drafts: TicketDraft[], category: string | null): TicketRead[] {
  return drafts
    .filter((d) => !d.isHidden)
    .map((d) => {
      const vatRate = d.vatRate ?? defaultVatRate(category);
      const options = d.options.map((o) => ({
        id: o.key,
        title: o.title,
        description: '',
        priceCents: priceToCents({ price: orNull(o.price) }) ?? 0,
        vatRate,
        isSoldOut: false,
        placesLeft: countOf(o.quantity),
        isAvailable: true,
        minToBuy: 1,
        maxToBuy: MAX_TICKETS_PER_ORDER,
      }));
      const priceCents = d.isMultipart
        ? Math.min(...(options.length ? options.map((o) => o.priceCents) : [0]))
        : (priceToCents({ price: orNull(d.price) }) ?? 0);
      return {
        id: d.key,
        title: d.title,
        description: d.description,
        priceCents,
        vatRate,
        isSoldOut: false,
        placesLeft: draftQuantity(d),
        isAvailable: true,
        minToBuy: 1,
        maxToBuy: MAX_TICKETS_PER_ORDER,
        isMultipart: d.isMultipart,
        isUserCanTakeInsurance: false,
        hasGiftTickets: false,
        gifts: [],
        dateIds: d.dateIds,
        isPass: d.isPass,
        options,
      };
    });
}

/** A saved event's visible tickets as the event page shows them, for the edit page's preview. */
export function previewTicketsOf(event: ManagedEvent): TicketRead[] {
  const places = (t: { sold: number; quantity: number }) => ({
    isSoldOut: t.sold >= t.quantity,
    placesLeft: Math.max(0, t.quantity - t.sold),
    minToBuy: 1,
    maxToBuy: MAX_TICKETS_PER_ORDER,
  });
  return event.tickets
    .filter((t) => !t.parentId && !t.isHidden)
    .map((t) => ({
      ...t,
      ...places(t),
      isUserCanTakeInsurance: false,
      hasGiftTickets: false,
      gifts: [],
      dateIds: t.dateIds ?? [],
      isPass: t.isPass ?? false,
      options: event.tickets.filter((o) => o.parentId === t.id && !o.isHidden).map((o) => ({ ...o, ...places(o) })),
    }));
}
