import {
  firstQuoteError,
  formatDateTime,
  formatEuros,
  isOrderableQuantity,
  type PricedLine,
  phoneDigits,
  priceOf,
  QUOTE_REQUESTS_PAGE_SIZE,
  type QuoteCreated,
  type QuoteRequestParsed,
  type QuoteRequestsPage,
  type QuoteRequestView,
  type QuoteStatus,
  quantitiesOf,
  quoteTotals,
  showcaseFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { queueMail } from '../../mail/outbox';
import type { SignedInUser } from '../users/users.repository';
import {
  findActiveProductsByIds,
  findQuoteLines,
  findQuoteRequests,
  insertQuoteRequest,
  type ProductRow,
  updateQuoteStatus,
} from './shop.repository';

const m = showcaseFr.quote;
const mail = showcaseFr.mail;

type PricedCartLine = PricedLine & { product: ProductRow; variant: string | null };

/**
 * The cart checked against the catalogue as it is now: the prices are the server's, whatever the
 * browser kept (the cart lives in local storage and may be days old).
 */
async function priceCart(deps: AppDeps, lines: QuoteRequestParsed['lines']): Promise<PricedCartLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (!ids.every(isUuid)) throw badRequest(m.unknownProduct, 'lines');
  const products = new Map((await findActiveProductsByIds(deps.db, ids)).map((p) => [p.id, p]));
  return lines.map((line) => {
    const product = products.get(line.productId);
    const variant = line.variant ?? null;
    const hasVariant = product?.variants.some((v) => v.label === variant);
    if (!product || (product.variants.length > 0 ? !hasVariant : variant !== null)) {
      throw badRequest(m.unknownProduct, 'lines');
    }
    if (!isOrderableQuantity(quantitiesOf(product, variant), line.quantity))
      throw badRequest(m.quantityInvalid, 'lines');
    const price = priceOf(product, variant);
    return {
      product,
      variant,
      offer: product.offer,
      unitCents: price.priceCents,
      priceLabel: price.priceLabel,
      packSize: price.packSize,
      quantity: line.quantity,
    };
  });
}

/** Stores the request with its priced cart, mails the shop and the visitor, in one transaction. */
export async function createQuoteRequest(
  deps: AppDeps,
  sender: SignedInUser | null,
  input: QuoteRequestParsed,
): Promise<QuoteCreated> {
  const error = firstQuoteError(input, deps.config.brandName, deps.clock.now());
  if (error) throw badRequest(error.message, error.field);
  const lines = await priceCart(deps, input.lines);
  const partner = input.partner === true;
  const totals = quoteTotals(lines, partner);
  const values = {
    userId: sender?.id ?? null,
    partner,
    structureName: input.structureName.trim(),
    email: input.email.trim(),
    phone: phoneDigits(input.phone),
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    billingAddress: input.billing.address.trim(),
    billingPostcode: input.billing.postcode.trim(),
    billingCity: input.billing.city.trim(),
    deliveryAddress: input.delivery.address.trim(),
    deliveryPostcode: input.delivery.postcode.trim(),
    deliveryCity: input.delivery.city.trim(),
    comments: input.comments.trim(),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
  };
  const rows = lines.map((line, position) => ({
    productId: line.product.id,
    position,
    title: line.product.title,
    variant: line.variant,
    offer: line.offer,
    quantity: line.quantity,
    unitPriceCents: line.unitCents,
    priceLabel: line.priceLabel,
    packSize: line.packSize,
    amountCents: totals.lines[position]?.amountCents ?? null,
    discountCents: totals.lines[position]?.discountCents ?? 0,
  }));
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertQuoteRequest(tx, values, rows);
    const request = { ...values, id, lines: rows };
    const brand = deps.config.brandName;
    await queueMail(tx, {
      to: deps.config.shopEmail,
      subject: mail.shopSubject(brand, values.structureName),
      text: [mail.shopIntro, '', ...summaryOf(request, 'shop')].join('\n'),
    });
    await queueMail(tx, {
      to: values.email,
      subject: mail.visitorSubject(brand),
      text: [mail.visitorIntro(brand), '', ...summaryOf(request, 'visitor'), mail.signature(brand)].join('\n'),
    });
    return id;
  });
  return { id, message: m.sent };
}

type Summary = {
  id: string;
  partner: boolean;
  structureName: string;
  email: string;
  phone: string;
  startsAt: Date;
  endsAt: Date;
  billingAddress: string;
  billingPostcode: string;
  billingCity: string;
  deliveryAddress: string;
  deliveryPostcode: string;
  deliveryCity: string;
  comments: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  lines: {
    title: string;
    variant: string | null;
    quantity: number;
    amountCents: number | null;
    priceLabel: string | null;
  }[];
};

/** The request as both e-mails show it, the partner discount included; each copy speaks to its reader. */
function summaryOf(request: Summary, reader: 'shop' | 'visitor'): string[] {
  const toShop = reader === 'shop';
  const place = (address: string, postcode: string, city: string) => `${address}, ${postcode} ${city}`;
  return [
    mail.reference(request.id),
    mail.structure(request.structureName, request.partner),
    mail.contact(request.email, request.phone),
    mail.dates(formatDateTime(request.startsAt.toISOString()), formatDateTime(request.endsAt.toISOString())),
    mail.billing(place(request.billingAddress, request.billingPostcode, request.billingCity)),
    mail.delivery(place(request.deliveryAddress, request.deliveryPostcode, request.deliveryCity)),
    ...(request.comments ? [mail.comments(request.comments)] : []),
    '',
    toShop ? mail.shopLinesTitle : mail.linesTitle,
    ...request.lines.map((line) =>
      mail.line(
        line.quantity,
        line.variant ? `${line.title} (${line.variant})` : line.title,
        line.amountCents === null ? (line.priceLabel ?? '') : formatEuros(line.amountCents),
      ),
    ),
    '',
    mail.subtotal(formatEuros(request.subtotalCents)),
    ...(request.discountCents > 0 ? [mail.discount(formatEuros(request.discountCents))] : []),
    mail.total(formatEuros(request.totalCents)),
    ...(request.lines.some((line) => line.amountCents === null) ? [toShop ? mail.shopOnQuote : mail.onQuote] : []),
  ];
}

/** The administrator's list (the spec's fix: a request is listed, never dropped), a page at a time. */
export async function listQuoteRequests(
  deps: AppDeps,
  query: { status?: QuoteStatus; page: number },
): Promise<QuoteRequestsPage> {
  const pageSize = QUOTE_REQUESTS_PAGE_SIZE;
  const { requests, lines, total } = await findQuoteRequests(
    deps.db,
    query.status,
    (query.page - 1) * pageSize,
    pageSize,
  );
  return { items: requests.map((request) => toView(request, lines)), total, pageSize };
}

export async function setQuoteStatus(deps: AppDeps, id: string, status: QuoteStatus): Promise<QuoteRequestView> {
  const request = await updateQuoteStatus(deps.db, id, status, deps.clock.now());
  if (!request) throw new AppError('QUOTE_NOT_FOUND', showcaseFr.admin.notFound, 404);
  return toView(request, await findQuoteLines(deps.db, id));
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof updateQuoteStatus>>>;
type LineRow = Awaited<ReturnType<typeof findQuoteLines>>[number];

function toView(request: RequestRow, lines: LineRow[]): QuoteRequestView {
  return {
    id: request.id,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    partner: request.partner,
    structureName: request.structureName,
    email: request.email,
    phone: request.phone,
    startsAt: request.startsAt.toISOString(),
    endsAt: request.endsAt.toISOString(),
    billing: { address: request.billingAddress, postcode: request.billingPostcode, city: request.billingCity },
    delivery: { address: request.deliveryAddress, postcode: request.deliveryPostcode, city: request.deliveryCity },
    comments: request.comments,
    subtotalCents: request.subtotalCents,
    discountCents: request.discountCents,
    totalCents: request.totalCents,
    lines: lines
      .filter((line) => line.quoteRequestId === request.id)
      .map((line) => ({
        id: line.id,
        title: line.title,
        variant: line.variant,
        offer: line.offer,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        priceLabel: line.priceLabel,
        amountCents: line.amountCents,
        discountCents: line.discountCents,
      })),
  };
}
