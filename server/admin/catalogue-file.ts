// The catalogue file (decision 121): a trainer's whole catalogue (products with their prices and
// page texts, and coupons) as one document an operator keeps in git and imports. This schema is the
// one check of its shape; a file it refuses is answered 400 with every problem, each at its place.
import { z } from 'zod';
import { badRequest } from '../errors.ts';

export const CATALOGUE_FILE_VERSION = 1;

/** The page texts of a challenge or a course, as the spec names them (product-spec, Challenge). */
export const PAGE_FIELDS = [
  'challengeImage',
  'challengeHeaderText',
  'challengeSubText',
  'challengeButtonText',
  'subscriptionHeaderText',
  'subscriptionSubText',
  'subscriptionButtonText',
] as const;
export type PageField = (typeof PAGE_FIELDS)[number];

/** What names an item from one file to the next: ids, slugs and lookup keys all fit. */
const key = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, 'must be 1 to 80 letters, digits, "-" or "_"');
const currency = z.string().regex(/^[a-z]{3}$/, 'must be a lower-case ISO 4217 code, such as usd');
const amount = z
  .number()
  .int('must be a whole number of minor units (2999 for 29.99)')
  .min(0)
  .max(99_999_999);

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

const price = z.strictObject({
  key,
  name: names,
  amount,
  currency: currency.optional(),
  interval: z.enum(['day', 'week', 'month', 'year']).optional(),
  intervalCount: z.number().int().min(1).max(52).optional(),
  trialDays: z.number().int().min(0).max(730).nullable().optional(),
});

const product = z.strictObject({
  key,
  kind: z.enum(['subscription', 'challenge', 'course']),
  name: names,
  description: z.string().max(2000).nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  page: page.optional(),
  prices: z.array(price).max(100),
});

const coupon = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/, 'must be 2 to 40 letters, digits, "-" or "_"'),
  percentOff: z.number().int().min(1).max(100).optional(),
  amountOff: amount.min(1).optional(),
  currency: currency.optional(),
  duration: z.enum(['once', 'repeating', 'forever']),
  durationInMonths: z.number().int().min(1).max(36).optional(),
  expiresAt: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  maxRedemptions: z.number().int().min(1).max(1_000_000).optional(),
  prices: z.array(key).min(1).max(50).optional(),
});

const catalogueFile = z.strictObject({
  version: z.literal(CATALOGUE_FILE_VERSION),
  trainer: z.string().min(1).max(64).optional(),
  products: z.array(product).max(200),
  coupons: z.array(coupon).max(500),
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

/** The file, checked; otherwise a 400 listing every problem, so one correction fixes them all. */
export function readCatalogueFile(document: unknown, trainerId: string): CatalogueFile {
  const parsed = catalogueFile.safeParse(document);
  const problems = parsed.success
    ? meaningProblems(parsed.data, trainerId)
    : parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`);
  if (problems.length > 0 || !parsed.success) {
    throw badRequest('admin.catalogueFileInvalid', {
      number: problems.length,
      problems: problems.map((p) => `\n- ${p}`).join(''),
    });
  }
  return parsed.data;
}
