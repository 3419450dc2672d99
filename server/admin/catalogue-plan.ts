// What importing a catalogue file would change (decision 121), worked out before anything is
// written: each change as a step to apply and a sentence for the operator. Items are matched by key;
// what the file leaves out is archived, since the file is the whole catalogue. A sold price keeps
// what was sold (sold-prices.ts): changing it archives it and a new price takes its key.
import { amountWithCode as money } from '../../domain/billing/major-units.ts';
import { newId } from '../db/ids.ts';
import type { PlanRow, PriceRow } from './admin.repository.ts';
import { planCoupons } from './catalogue-coupons-plan.ts';
import { priceKey, productKey } from './catalogue-export.ts';
import type { CatalogueFile, FilePrice, FileProduct } from './catalogue-file.ts';
import type { Change, Plan, Step, Stored } from './catalogue-steps.ts';
import type { ProductChange } from './products.repository.ts';
import { fullPage, nameColumns, namesOf } from './products.ts';
import { type PlanChange, type PlanInput, planChange } from './sold-prices.ts';

const period = (p: Pick<PriceRow, 'interval' | 'intervalCount'>) =>
  p.interval === null
    ? 'once'
    : `every ${(p.intervalCount ?? 1) > 1 ? `${p.intervalCount} ${p.interval}s` : p.interval}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const PHASE: Record<Step['do'], number> = {
  addProduct: 0,
  changeProduct: 0,
  // Archived before anything is added, so a key leaving one price is free for the next.
  archiveProduct: 1,
  archivePrice: 1,
  changePrice: 2,
  replacePrice: 2,
  addPrice: 3,
  archiveCoupon: 4,
  addCoupon: 5,
};

function planInput(file: FilePrice, currency: string, recurring: boolean): PlanInput {
  return {
    amount: file.amount,
    currency: file.currency ?? currency,
    nicknames: file.name,
    ...(recurring && {
      interval: file.interval,
      intervalCount: file.intervalCount ?? 1,
      trialDays: file.trialDays ?? null,
    }),
  };
}

function describePriceChange(before: PlanRow, change: PlanChange['change']): string {
  const parts: string[] = [];
  const after = { ...before, ...change };
  if ('amount' in change || 'currency' in change)
    parts.push(`${money(before.amount, before.currency)} → ${money(after.amount, after.currency)}`);
  if ('interval' in change || 'intervalCount' in change) parts.push(`${period(before)} → ${period(after)}`);
  if ('trialDays' in change)
    parts.push(`trial ${before.trialDays ?? 'none'} → ${after.trialDays ?? 'none'} days`);
  if ('nickname' in change || 'nicknames' in change) parts.push('its names');
  return parts.join(', ');
}

export function planImport(file: CatalogueFile, stored: Stored, now: Date): Plan {
  const steps: Step[] = [];
  const changes: Change[] = [];
  const conflicts: string[] = [];
  const { trainer } = stored;
  const productIds = new Map<FileProduct, string>();
  const matchedProducts = new Set<string>();

  file.products.forEach((fp, index) => {
    const row = stored.products.find((p) => p.kind === fp.kind && productKey(p) === fp.key);
    const desired = {
      ...nameColumns(fp.name),
      description: fp.description ?? null,
      position: fp.position ?? index,
      page: fp.kind === 'subscription' ? null : fullPage(fp.page),
    };
    const label = `${fp.kind} ${fp.key}`;
    if (!row) {
      const id = newId('prod');
      productIds.set(fp, id);
      steps.push({
        do: 'addProduct',
        row: { id, trainerId: trainer.id, kind: fp.kind, slug: fp.key, ...desired },
      });
      changes.push({
        action: 'added',
        item: 'product',
        key: fp.key,
        summary: `Added ${label} (${fp.name.en})`,
      });
      return;
    }
    productIds.set(fp, row.id);
    matchedProducts.add(row.id);
    const current = { ...nameColumns(namesOf(row)), description: row.description, position: row.position };
    const change: ProductChange = {};
    const what: string[] = [];
    if (!same(current.name, desired.name) || !same(current.names, desired.names)) {
      Object.assign(change, { name: desired.name, names: desired.names });
      what.push('its names');
    }
    if (current.description !== desired.description) {
      change.description = desired.description;
      what.push('its description');
    }
    if (current.position !== desired.position) {
      change.position = desired.position;
      what.push(`its position ${current.position} → ${desired.position}`);
    }
    const page = row.kind === 'subscription' ? null : fullPage(row.page);
    if (!same(page, desired.page)) {
      change.page = desired.page;
      const fields = Object.keys(desired.page ?? {}).filter(
        (f) => !same(page?.[f] ?? null, desired.page?.[f] ?? null),
      );
      what.push(`page texts ${fields.join(', ')}`);
    }
    if (!row.active) {
      change.active = true;
      what.unshift('back on sale');
    }
    if (what.length > 0) {
      steps.push({ do: 'changeProduct', before: row, change });
      changes.push({
        action: 'changed',
        item: 'product',
        key: fp.key,
        summary: `Changed ${label}: ${what.join(', ')}`,
      });
    }
  });

  const onSale = stored.plans.filter((p) => p.active);
  const archivedProducts = stored.products.filter((p) => p.active && !matchedProducts.has(p.id));
  for (const row of archivedProducts) {
    const count = onSale.filter((p) => p.productId === row.id).length;
    steps.push({ do: 'archiveProduct', before: row });
    changes.push({
      action: 'archived',
      item: 'product',
      key: productKey(row),
      summary: `Archived ${row.kind} ${productKey(row)} and its ${count} price${count === 1 ? '' : 's'}; buyers keep theirs`,
    });
  }

  // The id each price key will have once the import is done, for the coupons that name it.
  const priceIdOfKey = new Map<string, string>();
  const matchedPrices = new Set<string>();
  for (const fp of file.products) {
    const productId = productIds.get(fp) ?? '';
    const recurring = fp.kind === 'subscription';
    for (const price of fp.prices) {
      const input = planInput(price, trainer.currency, recurring);
      const current = onSale.find((p) => p.productId === productId && priceKey(p) === price.key);
      const label = `price ${price.key}`;
      if (!current) {
        const id = newId('price');
        priceIdOfKey.set(price.key, id);
        const { en, ...others } = price.name;
        steps.push({
          do: 'addPrice',
          row: {
            id,
            trainerId: trainer.id,
            productId,
            type: recurring ? 'recurring' : 'one_time',
            interval: input.interval ?? null,
            intervalCount: input.intervalCount ?? null,
            amount: price.amount,
            currency: input.currency ?? trainer.currency,
            trialDays: input.trialDays ?? null,
            nickname: en,
            nicknames: Object.keys(others).length > 0 ? others : null,
            lookupKey: price.key,
          },
        });
        const at = `${money(price.amount, input.currency ?? trainer.currency)} ${period({ interval: input.interval ?? null, intervalCount: input.intervalCount ?? null })}`;
        changes.push({
          action: 'added',
          item: 'price',
          key: price.key,
          summary: `Added ${label} to ${fp.key} (${price.name.en}, ${at})`,
        });
        continue;
      }
      matchedPrices.add(current.id);
      priceIdOfKey.set(price.key, current.id);
      const decided = planChange(current, current.sold, input);
      if (Object.keys(decided.change).length === 0) continue;
      const words = describePriceChange(current, decided.change);
      if (decided.kind === 'inPlace') {
        steps.push({ do: 'changePrice', before: current, change: decided.change });
        changes.push({
          action: 'changed',
          item: 'price',
          key: price.key,
          summary: `Changed ${label}: ${words}`,
        });
        continue;
      }
      const id = newId('price');
      priceIdOfKey.set(price.key, id);
      const { sold: _sold, productName: _name, ...row } = current;
      steps.push({
        do: 'replacePrice',
        before: current,
        row: { ...row, ...decided.change, id, active: true, gatewayPriceId: null, lookupKey: price.key },
      });
      changes.push({
        action: 'replaced',
        item: 'price',
        key: price.key,
        summary: `Replaced sold ${label}: ${words}; ${current.id} is archived and its buyers keep it`,
      });
    }
  }
  const gone = new Set(archivedProducts.map((p) => p.id));
  for (const price of onSale) {
    if (matchedPrices.has(price.id) || gone.has(price.productId)) continue;
    steps.push({ do: 'archivePrice', before: price });
    changes.push({
      action: 'archived',
      item: 'price',
      key: priceKey(price),
      summary: `Archived price ${priceKey(price)} (${price.nickname ?? price.id}); buyers keep it`,
    });
  }

  planCoupons(file, stored, priceIdOfKey, now, { steps, changes, conflicts });
  steps.sort((a, b) => PHASE[a.do] - PHASE[b.do]);
  return { steps, changes, conflicts };
}
