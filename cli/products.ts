// `trainer products …`: a trainer's challenges and courses, their one-time prices and page texts,
// over the admin API. A price's amount or name changes with `plans update`, under the same rule.
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { PAGE_FIELDS, type PageField } from '../openapi/contract-values.ts';
import type { components } from '../openapi/schema.d.ts';
import { amountIn, connect, currency, integer, print, trainerOf, Usage } from './common.ts';
import { type DryRunOption, stoppedForDryRun, withDryRun } from './dry-run.ts';
import { money, table } from './output.ts';
import { productID as productIdOf, productOf } from './resolve.ts';

type Product = components['schemas']['AdminProduct'];
type PageTexts = components['schemas']['PageTexts'];

/** challengeHeaderText as --challenge-header-text; its Spanish as --challenge-header-text-es. */
const flagOf = (field: PageField) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The option commander makes of a flag: challengeHeaderText, challengeHeaderTextEs. */
const spanishOf = (field: PageField) => `${field}Es`;
const kind = (text: string) => {
  if (text !== 'challenge' && text !== 'course')
    throw new InvalidArgumentError('must be challenge or course');
  return text;
};

function productTable(products: readonly Product[]): string {
  return table(
    ['ID', 'KIND', 'SLUG', 'NAME', 'NAME (ES)', 'PRICES', 'STATUS'],
    products.map((p) => [
      p.id,
      p.kind,
      p.slug ?? '-',
      p.names.en,
      p.names.es ?? '',
      p.prices
        .filter((price) => !price.archived)
        .map((price) => money(price.amount, price.currency))
        .join(', ') || '-',
      p.archived ? 'archived' : 'active',
    ]),
  );
}

type Options = Record<string, string | undefined> & {
  clear?: string;
  position?: number;
} & DryRunOption;

/** The page texts the options give: one text, or English and Spanish; --clear empties fields. */
function pageOf(options: Options): PageTexts | undefined {
  const page: Record<string, unknown> = {};
  for (const field of PAGE_FIELDS) {
    const en = options[field];
    const es = field === 'challengeImage' ? undefined : options[spanishOf(field)];
    if (es !== undefined && en === undefined)
      throw new Usage(`--${flagOf(field)}-es needs --${flagOf(field)} too`);
    if (en !== undefined) page[field] = es !== undefined ? { en, es } : en;
  }
  for (const name of options.clear?.split(',').map((f) => f.trim()) ?? []) {
    if (!(PAGE_FIELDS as readonly string[]).includes(name)) {
      throw new Usage(`--clear ${name}: not a page text (${PAGE_FIELDS.join(', ')})`);
    }
    page[name] = null;
  }
  return Object.keys(page).length > 0 ? (page as PageTexts) : undefined;
}

const namesOf = (options: Options) =>
  options.name !== undefined
    ? { en: options.name, ...(options.nameEs && { es: options.nameEs }) }
    : undefined;

function withProductOptions(command: Command): Command {
  command
    .option('--name-es <name>', 'its name in Spanish')
    .option('--description <text>', 'a line about it')
    .option('--position <n>', 'its place in the catalogue, from 0', integer(0));
  for (const field of PAGE_FIELDS) {
    command.option(`--${flagOf(field)} <text>`, `the page's ${field}`);
    if (field !== 'challengeImage') command.option(`--${flagOf(field)}-es <text>`, 'the same in Spanish');
  }
  return withDryRun(
    command.option('--clear <fields>', 'page texts to empty, comma-separated, such as subscriptionSubText'),
  );
}

export function productCommands(root: Command): void {
  const products = root
    .command('products')
    .description('add, change and archive a trainer’s challenges and courses');
  products
    .command('list')
    .description('every product of the trainer with its prices on sale, archived ones included')
    .argument('<trainer>', 'the trainer’s id')
    .action(async (trainerID: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/products', {
          params: { path: { trainerID }, header: api.header },
        }),
      );
      print(json, body, () =>
        body.products.length === 0 ? 'No products yet.' : productTable(body.products),
      );
    });
  withProductOptions(
    products
      .command('add')
      .description('add a challenge or a course with a one-time price; on sale at once')
      .argument('<trainer>', 'the trainer’s id')
      .argument('<slug>', 'its page’s address: /challenge/<slug> or /course/<slug>')
      .requiredOption('--kind <kind>', 'challenge or course', kind)
      .requiredOption('--name <name>', 'its name in English')
      .requiredOption('--amount <amount>', 'its price in the currency’s major unit, such as 49.00')
      .option('--currency <code>', 'ISO 4217 (default: the trainer’s)', currency)
      .option('--price-name <name>', 'the price’s name in English (default: the product’s)')
      .option('--price-name-es <name>', 'the price’s name in Spanish (default: the product’s)'),
  ).action(async (trainerID: string, slug: string, options: Options, command: Command) => {
    const { api, json } = await connect(command);
    const code = options.currency ?? (await trainerOf(api, trainerID)).trainer.currency;
    const names = namesOf(options) ?? { en: '' };
    const page = pageOf(options);
    const priceNames = {
      en: options.priceName ?? names.en,
      ...((options.priceNameEs ?? names.es) && {
        es: options.priceNameEs ?? names.es,
      }),
    };
    const amount = amountIn(options.amount ?? '', code);
    const product = {
      kind: options.kind as 'challenge' | 'course',
      slug,
      names,
      ...(options.description !== undefined && {
        description: options.description,
      }),
      ...(options.position !== undefined && { position: options.position }),
      ...(page && { page }),
      prices: [{ amount, currency: code, nicknames: priceNames }],
    };
    const what = `add the ${product.kind} ${names.en} at /${product.kind}/${slug} to ${trainerID}, on sale at once for ${money(amount, code)}${page ? `, with page texts ${Object.keys(page).join(', ')}` : ''}`;
    const request = {
      method: 'POST',
      path: `/api/admin/trainers/${trainerID}/products`,
      body: product,
    } as const;
    if (stoppedForDryRun(options, json, what, request)) return;
    const body = await api.answer(
      api.client.POST('/api/admin/trainers/{trainerID}/products', {
        params: { path: { trainerID }, header: api.header },
        body: product,
      }),
    );
    print(
      json,
      body,
      () => `Added ${body.product.kind} ${body.product.id}.\n${productTable([body.product])}`,
    );
  });
  withProductOptions(
    products
      .command('update')
      .description('change a product’s slug, names, description, position or page texts')
      .argument('<trainer>', 'the trainer’s id')
      .argument('<product>', 'the product’s slug (its page’s address) or id')
      .option('--slug <slug>', 'its page’s new address')
      .option('--name <name>', 'its name in English'),
  ).action(async (trainerID: string, product: string, options: Options, command: Command) => {
    const { api, json } = await connect(command);
    const productID = await productIdOf(api, trainerID, product);
    if (options.nameEs !== undefined && options.name === undefined)
      throw new Usage('--name-es needs --name too');
    const names = namesOf(options);
    const page = pageOf(options);
    const change = {
      ...(options.slug !== undefined && { slug: options.slug }),
      ...(names && { names }),
      ...(options.description !== undefined && {
        description: options.description,
      }),
      ...(options.position !== undefined && { position: options.position }),
      ...(page && { page }),
    };
    if (Object.keys(change).length === 0) throw new Usage('nothing to change: give at least one option');
    if (options.dryRun) {
      const p = await productOf(api, trainerID, productID);
      const fields = Object.entries(change)
        .filter(([key]) => key !== 'page')
        .map(([key, value]) => `${key} to ${JSON.stringify(value)}`);
      const texts = page
        ? [
            ...Object.entries(page)
              .filter(([, v]) => v !== null)
              .map(([k]) => `page text ${k}`),
            ...Object.entries(page)
              .filter(([, v]) => v === null)
              .map(([k]) => `page text ${k} emptied`),
          ]
        : [];
      const request = {
        method: 'PATCH',
        path: `/api/admin/trainers/${trainerID}/products/${productID}`,
        body: change,
      } as const;
      const what = `change the ${p.kind} ${p.names.en} (${p.id}): ${[...fields, ...texts].join(', ')}`;
      stoppedForDryRun(options, json, what, request);
      return;
    }
    const body = await api.answer(
      api.client.PATCH('/api/admin/trainers/{trainerID}/products/{productID}', {
        params: { path: { trainerID, productID }, header: api.header },
        body: change,
      }),
    );
    print(
      json,
      body,
      () => `Changed ${body.product.kind} ${body.product.id}.\n${productTable([body.product])}`,
    );
  });
  products
    .command('add-price')
    .description('add a one-time price to a challenge or a course')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<product>', 'the product’s slug (its page’s address) or id')
    .requiredOption('--amount <amount>', 'the price in the currency’s major unit, such as 49.00')
    .requiredOption('--name <name>', 'the price’s name in English')
    .option('--name-es <name>', 'the price’s name in Spanish')
    .option('--currency <code>', 'ISO 4217 (default: the trainer’s)', currency)
    .option('--dry-run', 'say what it would add, and add nothing')
    .action(async (trainerID: string, product: string, options: Options, command: Command) => {
      const { api, json } = await connect(command);
      const productID = await productIdOf(api, trainerID, product);
      const code = options.currency ?? (await trainerOf(api, trainerID)).trainer.currency;
      const price = {
        amount: amountIn(options.amount ?? '', code),
        currency: code,
        nicknames: namesOf(options) ?? { en: '' },
      };
      if (options.dryRun) {
        const p = await productOf(api, trainerID, productID);
        const request = {
          method: 'POST',
          path: `/api/admin/trainers/${trainerID}/products/${productID}/prices`,
          body: price,
        } as const;
        const what = `add the price ${price.nicknames.en}, ${money(price.amount, code)}, to the ${p.kind} ${p.names.en} (${p.id}), on sale at once`;
        stoppedForDryRun(options, json, what, request);
        return;
      }
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/products/{productID}/prices', {
          params: { path: { trainerID, productID }, header: api.header },
          body: price,
        }),
      );
      print(
        json,
        body,
        () => `Added price ${body.plan.id} (${money(body.plan.amount, body.plan.currency)}).`,
      );
    });
  withDryRun(
    products
      .command('archive')
      .description('take a product and its prices off sale at once; buyers keep what they bought')
      .argument('<trainer>', 'the trainer’s id')
      .argument('<product>', 'the product’s slug (its page’s address) or id'),
  ).action(async (trainerID: string, product: string, options: DryRunOption, command: Command) => {
    const { api, json } = await connect(command);
    if (options.dryRun) {
      const p = await productOf(api, trainerID, product);
      const onSale = p.prices.filter((price) => !price.archived).length;
      const request = {
        method: 'POST',
        path: `/api/admin/trainers/${trainerID}/products/${p.id}/archive`,
      } as const;
      const what = `take the ${p.kind} ${p.names.en} (${p.id}) and its ${onSale} price(s) on sale off sale; buyers keep what they bought`;
      stoppedForDryRun(options, json, what, request);
      return;
    }
    const productID = await productIdOf(api, trainerID, product);
    const body = await api.answer(
      api.client.POST('/api/admin/trainers/{trainerID}/products/{productID}/archive', {
        params: { path: { trainerID, productID }, header: api.header },
      }),
    );
    print(json, body, () => `Archived ${body.product.kind} ${body.product.id} and its prices.`);
  });
}
