// Importing a catalogue file (decision 121): one transaction, the trainer locked, the changes worked
// out (catalogue-plan.ts) and applied each with its audit row, or none of them. A dry run works
// them out the same way and writes nothing; so does a file that does not fit what is stored.
import type { CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import type { ServerContext } from '../context.ts';
import type { Database, Transaction } from '../db/index.ts';
import { conflict, notFound } from '../errors.ts';
import { createStripeCoupon, deleteStripeCoupon } from '../payments/stripe-coupons.ts';
import { archiveStripePrice } from '../payments/stripe-prices.ts';
import { findTrainer, insertPrice, plansOf, transaction, updatePrice } from './admin.repository.ts';
import { type Actor, auditChange } from './audit.ts';
import { readCatalogueFile } from './catalogue-file.ts';
import { planImport } from './catalogue-plan.ts';
import type { Change, Step } from './catalogue-steps.ts';
import { archiveCoupon, couponsOf, insertCoupon } from './coupons.repository.ts';
import {
  archivePricesOf,
  couponsFollowPrice,
  insertProduct,
  lockTrainer,
  productsOfTrainer,
  updateProduct,
} from './products.repository.ts';

interface Deps {
  db: Database;
  catalogueChanges: CatalogueChanges;
  payments: ServerContext['payments'];
}

const ACTION = 'adminImportCatalogue';

async function apply(tx: Transaction, caller: Actor, trainerId: string, step: Step): Promise<void> {
  const audit = (subject: string, before: unknown, after: unknown) =>
    auditChange(tx, caller, trainerId, ACTION, subject, before, after);
  switch (step.do) {
    case 'addProduct':
      if (!(await insertProduct(tx, step.row))) {
        throw conflict('admin.productTaken', { trainerId, kind: step.row.kind, slug: step.row.slug ?? '' });
      }
      return audit(step.row.id, null, step.row);
    case 'changeProduct':
      await updateProduct(tx, step.before.id, step.change);
      return audit(step.before.id, step.before, { ...step.before, ...step.change });
    case 'archiveProduct': {
      await updateProduct(tx, step.before.id, { active: false });
      const prices = await archivePricesOf(tx, step.before.id);
      return audit(step.before.id, step.before, { ...step.before, active: false, archivedPrices: prices });
    }
    case 'archivePrice':
      await updatePrice(tx, step.before.id, { active: false });
      return audit(step.before.id, step.before, { ...step.before, active: false });
    case 'changePrice':
      await updatePrice(tx, step.before.id, step.change);
      return audit(step.before.id, step.before, { ...step.before, ...step.change });
    case 'replacePrice': {
      // Archived, never edited: its buyers keep paying what they bought.
      await updatePrice(tx, step.before.id, { active: false });
      await insertPrice(tx, step.row);
      await audit(step.before.id, step.before, step.row);
      // A coupon limited to the old price goes on applying to the plan it was given for.
      for (const coupon of await couponsFollowPrice(tx, trainerId, step.before.id, step.row.id)) {
        await audit(coupon.id, null, coupon);
      }
      return;
    }
    case 'addPrice':
      await insertPrice(tx, step.row);
      return audit(step.row.id, null, step.row);
    case 'archiveCoupon':
      await archiveCoupon(tx, step.before.id);
      return audit(step.before.id, step.before, { ...step.before, active: false });
    case 'addCoupon':
      if (!(await insertCoupon(tx, step.row))) {
        throw conflict('admin.couponTaken', { trainerId, code: step.row.code });
      }
      return audit(step.row.id, null, step.row);
  }
}

export async function importCatalogue(
  { db, catalogueChanges, payments }: Deps,
  caller: Actor,
  trainerId: string,
  document: unknown,
  dryRun: boolean,
): Promise<Change[]> {
  const changes = await transaction(db, async (tx) => {
    if (!(await lockTrainer(tx, trainerId))) throw notFound('accounts.unknownTrainer');
    const trainer = await findTrainer(tx, trainerId);
    if (!trainer) throw notFound('accounts.unknownTrainer');
    // Read with the trainer known: an amount that names no currency is in the trainer's.
    const file = readCatalogueFile(document, trainer);
    const [products, plans, coupons] = await Promise.all([
      productsOfTrainer(tx, trainerId),
      plansOf(tx, trainerId),
      couponsOf(tx, trainerId),
    ]);
    const plan = planImport(file, { trainer, products, plans, coupons }, new Date());
    if (plan.conflicts.length > 0) {
      throw conflict('admin.catalogueConflicts', {
        number: plan.conflicts.length,
        problems: plan.conflicts.map((p) => `\n- ${p}`).join(''),
      });
    }
    if (dryRun) return plan.changes;
    // Stripe first, as the coupon commands do (decision 122): a Stripe failure rolls the whole file
    // back, and the import run again finds Stripe's side done (each Stripe step may be repeated).
    const stripe = payments.stripe?.client;
    if (stripe) {
      for (const step of plan.steps) {
        if (step.do === 'addCoupon') await createStripeCoupon(stripe, step.row);
        if (step.do === 'archiveCoupon') await deleteStripeCoupon(stripe, step.before.id);
        // A price no longer sold stops selling there too: an archived product takes its prices along.
        if (step.do === 'archivePrice' || step.do === 'replacePrice')
          await archiveStripePrice(stripe, step.before);
        if (step.do === 'archiveProduct') {
          for (const price of plans.filter((p) => p.productId === step.before.id && p.active))
            await archiveStripePrice(stripe, price);
        }
      }
    }
    for (const step of plan.steps) await apply(tx, caller, trainerId, step);
    return plan.changes;
  });
  if (!dryRun && changes.length > 0) await catalogueChanges.changed(trainerId);
  return changes;
}
