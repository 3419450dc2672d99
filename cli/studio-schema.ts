// The Sanity studio schema written from the content model: one file per type, shaped as Sanity's
// `defineType`/`defineField` expect, for a trainer to copy into the `schemaTypes/` folder of a studio
// (docs/content.md). `npm run content -- schema` writes them; a test fails when they are stale.
import { LOCALES } from '../domain/localized.ts';
import {
  BLOCK_CONTENT,
  CONTENT_TYPES,
  type ContentType,
  type Field,
  LANGUAGE_NAMES,
  LOCALE_TYPES,
  RESERVED_SLUGS,
  SLUG_PATTERN,
} from '../server/content/model.ts';

export const STUDIO_SCHEMA_DIR = 'content/studio/schemaTypes';

const HEADER =
  '// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.\n';

/** Source code, printed as it stands. */
class Code {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const code = (text: string) => new Code(text);
/** A call such as `defineField({ … })`, its argument printed where it lands. */
class Call {
  readonly fn: string;
  readonly arg: Value;
  constructor(fn: string, arg: Value) {
    this.fn = fn;
    this.arg = arg;
  }
}
type Value = string | number | boolean | Code | Call | Value[] | { [key: string]: Value | undefined };

/** As Biome quotes: single quotes, double ones for a text with a single quote and no double one. */
const quote = (s: string) =>
  s.includes("'") && !s.includes('"')
    ? `"${s.replaceAll('\\', '\\\\')}"`
    : `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Prints as Biome formats it: objects always one property a line, arrays flat when they fit. */
function print(value: Value, indent: string, lead: number): string {
  if (value instanceof Code) {
    const arrow = value.text.indexOf('=> ');
    if (lead + value.text.length + 1 <= 110 || arrow < 0) return value.text;
    const body = value.text.slice(arrow + 3);
    const head = `${value.text.slice(0, arrow + 2)}\n${indent}  `;
    if (indent.length + 2 + body.length + 1 <= 110) return `${head}${body}`;
    // Still too long: one call of the chain a line.
    return `${head}${chainLinks(body).join(`\n${indent}    .`)}`;
  }
  if (value instanceof Call) return `${value.fn}(${print(value.arg, indent, lead + value.fn.length + 1)})`;
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const flat = `[${value.map((v) => print(v, '', 0)).join(', ')}]`;
    if (!flat.includes('\n') && lead + flat.length + 1 <= 110) return flat;
    return `[\n${value.map((v) => `${inner}${print(v, inner, inner.length)},\n`).join('')}${indent}]`;
  }
  const entries = Object.entries(value).filter((e): e is [string, Value] => e[1] !== undefined);
  return `{\n${entries
    .map(([k, v]) => `${inner}${k}: ${print(v, inner, inner.length + k.length + 2)},\n`)
    .join('')}${indent}}`;
}

const call = (fn: string, arg: Value) => new Call(fn, arg);

/** `rule.a().b(x.y)` as `rule`, `a()`, `b(x.y)`: split at the dots outside brackets and quotes. */
function chainLinks(text: string): string[] {
  const links: string[] = [];
  let depth = 0;
  let quoteChar = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoteChar) {
      if (c === '\\') i++;
      else if (c === quoteChar) quoteChar = '';
    } else if (c === "'" || c === '"' || c === '`') quoteChar = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '.' && depth === 0) {
      links.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...links, text.slice(start)];
}

function validation(field: Field): Code | undefined {
  const rules: string[] = [];
  const perLanguage = field.type in LOCALE_TYPES;
  if (field.required && !perLanguage && field.type !== 'slug') rules.push('required()');
  switch (field.type) {
    case 'string':
      if (field.max) rules.push(`max(${field.max})`);
      if (field.pattern)
        rules.push(`regex(/${field.pattern.regex.source}/, { name: ${quote(field.pattern.name)} })`);
      break;
    case 'url':
      rules.push(
        `uri({ scheme: [${field.schemes.map(quote).join(', ')}]${field.relative ? ', allowRelative: true' : ''} })`,
      );
      break;
    case 'datetime':
      if (field.after) rules.push(`custom(notBefore(${quote(field.after)}))`);
      break;
    case 'slug':
      rules.push('required()', `custom(${field.reserved.length > 0 ? 'pageAddress' : 'slugShape'})`);
      break;
    case 'integer':
      rules.push('integer()', `min(${field.min})`, `max(${field.max})`);
      break;
    case 'array':
      if (field.min) rules.push(`min(${field.min})`);
      if (field.max) rules.push(`max(${field.max})`);
      break;
    case 'code':
      rules.push(`custom(matchesSibling(${quote(field.field)}, ${field.name}Patterns))`);
      break;
    default:
      if (perLanguage && field.required) rules.push('custom(requiredInEnglish)');
  }
  return rules.length > 0 ? code(`(rule) => rule.${rules.join('.')}`) : undefined;
}

function fieldDefinition(field: Field): Call {
  const base: Record<string, Value | undefined> = {
    name: field.name,
    title: field.title,
    description: field.description,
  };
  const rule = validation(field);
  let rest: Record<string, Value | undefined>;
  switch (field.type) {
    case 'image':
      rest = { type: 'image', options: { hotspot: true } };
      break;
    case 'color':
      rest = { type: 'color', options: { disableAlpha: true } };
      break;
    case 'boolean':
      rest = { type: 'boolean', initialValue: field.initial };
      break;
    case 'slug':
      rest = { type: 'slug', options: { source: field.source, maxLength: field.max } };
      break;
    case 'object':
      rest = { type: field.of };
      break;
    case 'file':
      rest = { type: 'file', options: { accept: field.accept.join(',') } };
      break;
    case 'integer':
      rest = { type: 'number' };
      break;
    case 'choice':
      rest = {
        type: 'string',
        options: { list: field.options.map((o) => ({ ...o })), layout: 'radio' },
        initialValue: field.initial,
      };
      break;
    case 'array':
      rest = { type: 'array', of: [call('defineArrayMember', { type: field.of })] };
      break;
    case 'tags':
      rest = {
        type: 'array',
        of: [
          call('defineArrayMember', {
            type: 'string',
            validation: code(
              `(rule) => rule.regex(/${field.pattern.regex.source}/, { name: ${quote(field.pattern.name)} })`,
            ),
          }),
        ],
        options: { layout: 'tags' },
      };
      break;
    case 'code':
      rest = { type: 'string' };
      break;
    default:
      rest = { type: field.type };
  }
  return call('defineField', { ...base, ...rest, validation: rule });
}

const STYLE_TITLES: Record<string, string> = {
  normal: 'Normal',
  h1: 'Heading 1',
  h2: 'Heading 2',
  h3: 'Heading 3',
  h4: 'Heading 4',
  blockquote: 'Quote',
};
const LIST_TITLES: Record<string, string> = { bullet: 'Bullets', number: 'Numbers' };
const DECORATOR_TITLES: Record<string, string> = {
  strong: 'Strong',
  em: 'Emphasis',
  underline: 'Underline',
  code: 'Code',
  'strike-through': 'Strike',
};

/** Portable Text as the content page renders it, its links limited to the ones it follows. */
function blockContent(): Value {
  const href: Field = { name: 'href', title: 'URL', type: 'url', ...BLOCK_CONTENT.link };
  return [
    call('defineArrayMember', {
      type: 'block',
      styles: BLOCK_CONTENT.styles.map((value) => ({ title: STYLE_TITLES[value] ?? value, value })),
      lists: BLOCK_CONTENT.lists.map((value) => ({ title: LIST_TITLES[value] ?? value, value })),
      marks: {
        decorators: BLOCK_CONTENT.decorators.map((value) => ({
          title: DECORATOR_TITLES[value] ?? value,
          value,
        })),
        annotations: [{ name: 'link', title: 'Link', type: 'object', fields: [fieldDefinition(href)] }],
      },
    }),
    call('defineArrayMember', {
      type: 'image',
      options: { hotspot: true },
      fields: [fieldDefinition({ name: 'alt', title: 'Alternative text', type: 'string' })],
    }),
  ];
}

function localeType(name: keyof typeof LOCALE_TYPES): Value {
  const inner = LOCALE_TYPES[name];
  return {
    name,
    title: inner === 'blockContent' ? 'Body in each language' : 'Text in each language',
    type: 'object',
    fields: LOCALES.map((locale) =>
      call('defineField', { name: locale, title: LANGUAGE_NAMES[locale], type: inner }),
    ),
  };
}

function typeDefinition(type: ContentType): Value {
  return {
    name: type.name,
    title: type.title,
    type: type.kind === 'document' ? 'document' : 'object',
    fields: type.fields.map((f) => fieldDefinition(f)),
    preview: preview(type),
  };
}

/** What the studio lists a document or an array's item by: its first text, and its address or product. */
function preview(type: ContentType): Value | undefined {
  const title = type.fields.find((f) => f.type === 'localeString');
  if (!title) return undefined;
  const subtitle = type.fields.find((f) => f.type === 'slug' || f.name === 'product');
  return {
    select: {
      title: `${title.name}.en`,
      subtitle: subtitle && (subtitle.type === 'slug' ? `${subtitle.name}.current` : subtitle.name),
    },
  };
}

/** The patterns of a type's code fields, written before it: `<field>Patterns`, by the sibling's value. */
function patternConstants(type: ContentType): string {
  return type.fields
    .map((field) => {
      if (field.type !== 'code') return '';
      const patterns = Object.fromEntries(
        Object.entries(field.patterns).map(([value, p]) => [
          value,
          { regex: code(`/${p.regex.source}/`), name: p.name },
        ]),
      );
      return `\nconst ${field.name}Patterns = ${print(patterns, '', 0)};\n`;
    })
    .join('');
}

const RULES = ['matchesSibling', 'notBefore', 'pageAddress', 'requiredInEnglish', 'slugShape'];

function typeFile(name: string, definition: Value, preamble = ''): string {
  const text = print(definition, '', 0);
  const used = ['defineArrayMember', 'defineField'].filter((fn) => text.includes(`${fn}(`));
  const rules = RULES.filter((fn) => text.includes(`(${fn}`));
  return [
    HEADER,
    `import { ${[...used, 'defineType'].join(', ')} } from 'sanity';\n`,
    rules.length > 0 ? `import { ${rules.join(', ')} } from './rules';\n` : '',
    preamble,
    `\nexport const ${name} = defineType(${text});\n`,
  ].join('');
}

function rulesFile(): string {
  return `${HEADER}// The validation rules the site depends on, shared by the types of this folder.

/** Addresses the site itself answers first: a page there could never be reached. */
export const RESERVED_SLUGS: readonly string[] = ${print([...RESERVED_SLUGS], '', 'export const RESERVED_SLUGS: readonly string[] = '.length)};

/** English stands in for a missing language, so a required text needs its English version. */
export function requiredInEnglish(value: { en?: unknown } | undefined): true | string {
  const en = value?.en;
  const written = Array.isArray(en) ? en.length > 0 : typeof en === 'string' && en.trim() !== '';
  return written || 'Required in English at least';
}

/** A date that may not precede a sibling date, such as the end of a promotion. */
export function notBefore(field: string) {
  return (value: unknown, context: { parent?: unknown }): true | string => {
    const start = (context.parent as Record<string, unknown> | undefined)?.[field];
    return typeof value !== 'string' || typeof start !== 'string' || value >= start
      ? true
      : \`Must not be before \${field}\`;
  };
}

/** An address is one lower-case segment: letters and digits, with single dashes between. */
export function slugShape(slug: { current?: string } | undefined): true | string {
  return /${SLUG_PATTERN.source}/.test(slug?.current ?? '')
    ? true
    : 'Lower-case letters and digits, with single dashes between, such as privacy-policy';
}

/** A page is at /<slug>: one lower-case segment that none of the site's own addresses takes. */
export function pageAddress(slug: { current?: string } | undefined): true | string {
  const shape = slugShape(slug);
  if (shape !== true) return shape;
  const current = slug?.current ?? '';
  return RESERVED_SLUGS.includes(current) ? \`/\${current} is an address the site itself uses\` : true;
}

/** A code whose form depends on a sibling choice, such as a video's id on its provider. */
export function matchesSibling(field: string, patterns: Record<string, { regex: RegExp; name: string }>) {
  return (value: unknown, context: { parent?: unknown }): true | string => {
    const choice = (context.parent as Record<string, unknown> | undefined)?.[field];
    const pattern = patterns[String(choice)];
    return typeof value !== 'string' || !pattern || pattern.regex.test(value)
      ? true
      : \`Must be \${pattern.name}\`;
  };
}
`;
}

/** Every file of the studio schema folder, by name. */
export function studioSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const names: string[] = [];
  for (const type of CONTENT_TYPES) {
    files.set(`${type.name}.ts`, typeFile(type.name, typeDefinition(type), patternConstants(type)));
    names.push(type.name);
  }
  for (const name of Object.keys(LOCALE_TYPES) as (keyof typeof LOCALE_TYPES)[]) {
    files.set(`${name}.ts`, typeFile(name, localeType(name)));
    names.push(name);
  }
  files.set(
    'blockContent.ts',
    typeFile('blockContent', { name: 'blockContent', title: 'Body', type: 'array', of: blockContent() }),
  );
  names.push('blockContent');
  files.set('rules.ts', rulesFile());
  files.set(
    'index.ts',
    `${HEADER}${[...names]
      .sort()
      .map((n) => `import { ${n} } from './${n}';\n`)
      .join('')}\n` +
      `export const schemaTypes = ${print(
        names.map((n) => code(n)),
        '',
        'export const schemaTypes = '.length,
      )};\n`,
  );
  return files;
}
