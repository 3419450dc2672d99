// The lists of values the contract defines and code needs at run time (a flag's choices, a form's
// options, a schema's enum): written from openapi/trainer-api.yaml into openapi/contract-values.ts by
// `npm run generate:api`, so a billing interval, a coupon duration or a page text is added in the
// contract alone (decision 168). tests/unit/architecture/single-source.test.ts refuses a copy by hand.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const VALUES_HEADER =
  '// Generated from openapi/trainer-api.yaml by `npm run generate:api`. Do not edit.\n';
export const valuesFile = new URL('../openapi/contract-values.ts', import.meta.url);
const contractFile = new URL('../openapi/trainer-api.yaml', import.meta.url);

type Node = { [key: string]: unknown };

/** Each list: its name, what it is, where the contract says it, and the type its values belong to. */
export const CONTRACT_VALUES = [
  {
    name: 'BILLING_INTERVALS',
    typeName: 'BillingInterval',
    about: 'How often a recurring price renews.',
    path: ['components', 'schemas', 'PlanInput', 'properties', 'interval', 'enum'],
    type: "components['schemas']['PlanInput']['interval']",
  },
  {
    name: 'COUPON_DURATIONS',
    typeName: 'CouponDuration',
    about: 'Which invoices a coupon discounts.',
    path: ['components', 'schemas', 'CouponInput', 'properties', 'duration', 'enum'],
    type: "components['schemas']['CouponInput']['duration']",
  },
  {
    name: 'PAGE_FIELDS',
    typeName: 'PageField',
    about: 'The page texts of a challenge or a course, as the spec names them.',
    path: ['components', 'schemas', 'PageTexts', 'properties'],
    type: "keyof components['schemas']['PageTexts']",
  },
] as const;

/** The values at a path of the contract: an enum's values, or an object's property names. */
export function valuesAt(contract: Node, path: readonly string[]): string[] {
  const found = path.reduce<unknown>((node, key) => (node as Node | undefined)?.[key], contract);
  if (Array.isArray(found)) return found.map(String);
  if (found && typeof found === 'object') return Object.keys(found);
  throw new Error(`openapi/trainer-api.yaml has nothing at ${path.join('.')}`);
}

export function contractValues(contract: Node = parse(readFileSync(contractFile, 'utf8'))): string {
  const lists = CONTRACT_VALUES.map(({ name, typeName, about, path, type }) => {
    const values = valuesAt(contract, path).map((value) => `'${value}'`);
    const tail = `] as const satisfies readonly ${type.startsWith('keyof') ? `(${type})` : type}[];`;
    const oneLine = `export const ${name} = [${values.join(', ')}${tail}`;
    // Written as the formatter writes it (biome.json's 110 columns), so `npm run lint` passes as is.
    const body =
      oneLine.length <= 110
        ? oneLine
        : `export const ${name} = [\n${values.map((value) => `  ${value},\n`).join('')}${tail}`;
    return `/** ${about} From ${path.join('.')}. */\n${body}\nexport type ${typeName} = (typeof ${name})[number];`;
  });
  return `${VALUES_HEADER}import type { components } from './schema.d.ts';\n\n${lists.join('\n\n')}\n`;
}
