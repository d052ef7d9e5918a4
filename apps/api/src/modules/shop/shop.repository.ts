import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { quoteRequestLines, quoteRequests, shopProducts } from '../../db/schema';

const productColumns = {
  id: shopProducts.id,
  offer: shopProducts.offer,
  category: shopProducts.category,
  title: shopProducts.title,
  description: shopProducts.description,
  priceCents: shopProducts.priceCents,
  priceLabel: shopProducts.priceLabel,
  variants: shopProducts.variants,
  images: shopProducts.images,
};
export type ProductRow = Awaited<ReturnType<typeof findActiveProducts>>[number];

/** The catalogue as shown: active items, in the shop's order. */
export function findActiveProducts(db: Database, offer?: 'location' | 'achat' | 'service') {
  return db
    .select(productColumns)
    .from(shopProducts)
    .where(and(eq(shopProducts.isActive, true), offer ? eq(shopProducts.offer, offer) : undefined))
    .orderBy(asc(shopProducts.position), asc(shopProducts.title));
}

export async function findActiveProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(shopProducts)
    .where(and(eq(shopProducts.id, id), eq(shopProducts.isActive, true)));
  return row;
}

export function findActiveProductsByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(productColumns)
    .from(shopProducts)
    .where(and(inArray(shopProducts.id, ids), eq(shopProducts.isActive, true)));
}

export async function insertQuoteRequest(
  db: Database,
  request: typeof quoteRequests.$inferInsert,
  lines: Omit<typeof quoteRequestLines.$inferInsert, 'quoteRequestId'>[],
): Promise<string> {
  const [row] = await db.insert(quoteRequests).values(request).returning({ id: quoteRequests.id });
  if (!row) throw new Error('quote request not stored');
  await db.insert(quoteRequestLines).values(lines.map((line) => ({ ...line, quoteRequestId: row.id })));
  return row.id;
}

export type QuoteStatus = (typeof quoteRequests.$inferSelect)['status'];

/** One page of requests, newest first, with their lines and the count of every request that matches. */
export async function findQuoteRequests(db: Database, status: QuoteStatus | undefined, offset: number, limit: number) {
  const where = status ? eq(quoteRequests.status, status) : undefined;
  const [requests, [counted]] = await Promise.all([
    db
      .select()
      .from(quoteRequests)
      .where(where)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(quoteRequests).where(where),
  ]);
  const lines =
    requests.length === 0
      ? []
      : await db
          .select()
          .from(quoteRequestLines)
          .where(
            inArray(
              quoteRequestLines.quoteRequestId,
              requests.map((r) => r.id),
            ),
          )
          .orderBy(asc(quoteRequestLines.position));
  return { requests, lines, total: counted?.total ?? 0 };
}

export async function updateQuoteStatus(db: Database, id: string, status: QuoteStatus, now: Date) {
  const [row] = await db
    .update(quoteRequests)
    .set({ status, updatedAt: now })
    .where(eq(quoteRequests.id, id))
    .returning();
  return row;
}

export function findQuoteLines(db: Database, quoteRequestId: string) {
  return db
    .select()
    .from(quoteRequestLines)
    .where(eq(quoteRequestLines.quoteRequestId, quoteRequestId))
    .orderBy(asc(quoteRequestLines.position));
}
