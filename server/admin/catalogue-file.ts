// The catalogue file (decision 121): a trainer's whole catalogue (products with their prices and
// page texts, and coupons) as one document an operator keeps in git and imports. This schema is the
// one check of its shape; a file it refuses is answered 400 with every problem, each at its place.
// Its amounts are what a person types (decision 134): version 2 writes them as prices are written,
// 29.99 USD, and version 1, which wrote minor units (2999), is still read as it was meant.
import { z } from 'zod';
import { amountForm, amountWithCode, majorUnitText, minorUnitsOf } from '../../domain/billing/major-units.ts';
import {
  BILLING_INTERVALS,
  COUPON_DURATIONS,
  PAGE_FIELDS,
  type PageField,
} from '../../openapi/contract-values.ts';
import { badRequest } from '../errors.ts';

export const CATALOGUE_FILE_VERSION = 2;
/** The most a price or a coupon may be, in minor units (999999.99 USD). */
const MAX_AMOUNT = 99_999_999;

/** The page texts of a challenge or a course, as the spec names them (product-spec, Challenge). */
export { PAGE_FIELDS, type PageField };

/** What names an item from one file to the next: ids, slugs and lookup keys all fit. */
const key = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, 'must be 1 to 80 letters, digits, "-" or "_"');
const currency = z.string().regex(/^[a-z]{3}$/, 'must be a lower-case ISO 4217 code, such as usd');
/** Version 1's amounts; version 2's are checked against their currency once the file's shape holds. */
const minorUnits = z
  .number()
  .int('must be a whole number of minor units in a version 1 file (2999 for 29.99 USD)')
  .min(0)
  .max(MAX_AMOUNT);
const majorUnits = z.number().min(0);

const names = z.strictObject({ en: z.string().min(1).max(120), es: z.string().min(1).max(120).optional() });
/** A page text written once, or per language like the CMS's; null for none. */
const pageText = z.union([
  z.string().max(2000),
  z.strictObject({ en: z.string().max(2000), es: z.string().max(2000).optional() }),
  z.null(),
]);
const page = z.strictObject(
  Object.fromEntries(PAGE_FIELDS.map((field) => [field, pageText.optional()])) as Record<
    PageField,
    z.ZodOptional<typeof pageText>
  >,
);

const priceOf = (amount: z.ZodNumber) =>
  z.strictObject({
    key,
    name: names,
    amount,
    currency: currency.optional(),
    interval: z.enum(BILLING_INTERVALS).optional(),
    intervalCount: z.number().int().min(1).max(52).optional(),
    trialDays: z.number().int().min(0).max(730).nullable().optional(),
  });

const productOf = (amount: z.ZodNumber) =>
  z.strictObject({
    key,
    kind: z.enum(['subscription', 'challenge', 'course']),
    name: names,
    description: z.string().max(2000).nullable().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    page: page.optional(),
    prices: z.array(priceOf(amount)).max(100),
  });

const couponOf = (amount: z.ZodNumber) =>
  z.strictObject({
    code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/, 'must be 2 to 40 letters, digits, "-" or "_"'),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOff: amount.positive().optional(),
    currency: currency.optional(),
    duration: z.enum(COUPON_DURATIONS),
    durationInMonths: z.number().int().min(1).max(36).optional(),
    expiresAt: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).optional(),
    prices: z.array(key).min(1).max(50).optional(),
  });

const fileOf = <V extends number>(version: V, amount: z.ZodNumber) =>
  z.strictObject({
    version: z.literal(version),
    trainer: z.string().min(1).max(64).optional(),
    products: z.array(productOf(amount)).max(200),
    coupons: z.array(couponOf(amount)).max(500),
  });

const catalogueFile = z.discriminatedUnion('version', [fileOf(2, majorUnits), fileOf(1, minorUnits)], {
  error: 'must be 2 (amounts as prices are written: 29.99 USD) or 1 (an older export: 2999 for 29.99 USD)',
});

export type CatalogueFile = z.infer<typeof catalogueFile>;
export type FileProduct = CatalogueFile['products'][number];
export type FilePrice = FileProduct['prices'][number];
export type FileCoupon = CatalogueFile['coupons'][number];
export type PageTexts = Partial<Record<PageField, z.infer<typeof pageText>>>;

const where = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (at, step) => (typeof step === 'number' ? `${at}[${step}]` : at ? `${at}.${String(step)}` : String(step)),
    '',
  ) || 'the file';

/** What the schema cannot say: keys named twice, prices that do not fit their product, coupons. */
function meaningProblems(file: CatalogueFile, trainerId: string): string[] {
  const problems: string[] = [];
  if (file.trainer !== undefined && file.trainer !== trainerId) {
    problems.push(`trainer: the file is ${file.trainer}'s catalogue, not ${trainerId}'s`);
  }
  const productKeys = new Set<string>();
  const priceKeys = new Set<string>();
  file.products.forEach((p, i) => {
    const at = `products[${i}]`;
    if (productKeys.has(`${p.kind}/${p.key}`)) problems.push(`${at}.key: another ${p.kind} is ${p.key}`);
    productKeys.add(`${p.kind}/${p.key}`);
    if (p.kind === 'subscription' && p.page !== undefined) {
      problems.push(`${at}.page: only a challenge or a course has page texts`);
    }
    p.prices.forEach((price, j) => {
      const priceAt = `${at}.prices[${j}]`;
      if (priceKeys.has(price.key)) problems.push(`${priceAt}.key: another price is ${price.key}`);
      priceKeys.add(price.key);
      if (p.kind === 'subscription' && price.interval === undefined) {
        problems.push(`${priceAt}.interval: a membership's price renews: give day, week, month or year`);
      }
      if (p.kind !== 'subscription') {
        for (const field of ['interval', 'intervalCount', 'trialDays'] as const) {
          if (price[field] !== undefined) problems.push(`${priceAt}.${field}: a ${p.kind} is paid once`);
        }
      }
    });
  });
  const codes = new Set<string>();
  file.coupons.forEach((c, i) => {
    const at = `coupons[${i}]`;
    if (codes.has(c.code.toLowerCase())) problems.push(`${at}.code: another coupon is ${c.code}`);
    codes.add(c.code.toLowerCase());
    if ((c.percentOff === undefined) === (c.amountOff === undefined)) {
      problems.push(`${at}: give percentOff or amountOff, one of the two`);
    }
    if (c.percentOff !== undefined && c.currency !== undefined) {
      problems.push(`${at}.currency: a percentage off has no currency`);
    }
    if ((c.duration === 'repeating') !== (c.durationInMonths !== undefined)) {
      problems.push(`${at}.durationInMonths: goes with a repeating coupon, and only with one`);
    }
    for (const priceKey of c.prices ?? []) {
      if (!priceKeys.has(priceKey)) problems.push(`${at}.prices: no price in the file is ${priceKey}`);
    }
  });
  return problems;
}

/** The file with each amount passed through `convert`, told its currency and its place in the file. */
function withAmounts(
  file: CatalogueFile,
  currency: string,
  convert: (amount: number, code: string, at: string) => number,
): CatalogueFile {
  return {
    ...file,
    products: file.products.map((p, i) => ({
      ...p,
      prices: p.prices.map((price, j) => ({
        ...price,
        amount: convert(price.amount, price.currency ?? currency, `products[${i}].prices[${j}].amount`),
      })),
    })),
    coupons: file.coupons.map((c, i) =>
      c.amountOff === undefined
        ? c
        : { ...c, amountOff: convert(c.amountOff, c.currency ?? currency, `coupons[${i}].amountOff`) },
    ),
  };
}

/** Every amount in minor units, whichever version wrote the file; what cannot be one is a problem. */
function inMinorUnits(file: CatalogueFile, currency: string, problems: string[]): CatalogueFile {
  if (file.version === 1) return file;
  return withAmounts(file, currency, (amount, code, at) => {
    const minor = minorUnitsOf(amount, code);
    if (minor === undefined) {
      problems.push(`${at}: ${amount} is not an amount in ${code.toUpperCase()}: ${amountForm(code)}`);
    } else if (minor > MAX_AMOUNT) {
      problems.push(`${at}: must be at most ${amountWithCode(MAX_AMOUNT, code)}`);
    }
    return minor ?? 0;
  });
}

/** The file as an export writes it (version 2): each amount in its currency's major unit, 2999 USD as 29.99. */
export function writtenCatalogueFile(file: CatalogueFile, currency: string): CatalogueFile {
  const written = withAmounts(file, currency, (amount, code) => Number(majorUnitText(amount, code)));
  return { ...written, version: CATALOGUE_FILE_VERSION };
}

const invalid = (problems: readonly string[]) =>
  badRequest('admin.catalogueFileInvalid', {
    number: problems.length,
    problems: problems.map((p) => `\n- ${p}`).join(''),
  });

/**
 * The file, checked, with its amounts in minor units (the trainer's currency is that of an amount
 * that names none); otherwise a 400 listing every problem, so one correction fixes them all.
 */
export function readCatalogueFile(
  document: unknown,
  trainer: { id: string; currency: string },
): CatalogueFile {
  const parsed = catalogueFile.safeParse(document);
  if (!parsed.success)
    throw invalid(parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`));
  const problems: string[] = [];
  const file = inMinorUnits(parsed.data, trainer.currency, problems);
  problems.push(...meaningProblems(file, trainer.id));
  if (problems.length > 0) throw invalid(problems);
  return file;
}
