// The SQL of the operator's grants: a member's grants with the product each names, one grant locked
// for its revocation, and the trainer's product a grant names by slug or id.
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index.ts';
import { accessGrants, products } from '../db/schema.ts';
import type { Db } from './admin.repository.ts';

export type GrantRow = typeof accessGrants.$inferSelect;
export interface GrantWithProduct {
  grant: GrantRow;
  product: { id: string; slug: string | null; name: string } | null;
}

function grantQuery(db: Db) {
  return db
    .select({
      grant: accessGrants,
      product: { id: products.id, slug: products.slug, name: products.name },
    })
    .from(accessGrants)
    .leftJoin(products, eq(products.id, accessGrants.target));
}

/** The member's grants, newest first, revoked and ended ones too. */
export function grantsOf(db: Database, trainerId: string, userId: string): Promise<GrantWithProduct[]> {
  return grantQuery(db)
    .where(and(eq(accessGrants.trainerId, trainerId), eq(accessGrants.userId, userId)))
    .orderBy(desc(accessGrants.createdAt), desc(accessGrants.id));
}

/** The member's grant of this id, held until the transaction ends so two revocations take turns. */
export async function lockGrant(
  tx: Transaction,
  trainerId: string,
  userId: string,
  grantId: string,
): Promise<GrantWithProduct | undefined> {
  const [row] = await grantQuery(tx)
    .where(
      and(
        eq(accessGrants.trainerId, trainerId),
        eq(accessGrants.userId, userId),
        eq(accessGrants.id, grantId),
      ),
    )
    .for('update', { of: accessGrants });
  return row;
}

export async function insertGrant(tx: Transaction, row: typeof accessGrants.$inferInsert): Promise<void> {
  await tx.insert(accessGrants).values(row);
}

export async function revokeGrantRow(tx: Transaction, grantId: string, at: Date): Promise<void> {
  await tx
    .update(accessGrants)
    .set({ revokedAt: at })
    .where(and(eq(accessGrants.id, grantId), isNull(accessGrants.revokedAt)));
}

/** The trainer's products a grant may name by this slug or id (a challenge's and a course's slugs may be equal). */
export function productsNamed(db: Db, trainerId: string, slugOrId: string) {
  return db
    .select({ id: products.id, kind: products.kind, slug: products.slug, name: products.name })
    .from(products)
    .where(
      and(eq(products.trainerId, trainerId), or(eq(products.id, slugOrId), eq(products.slug, slugOrId))),
    );
}
