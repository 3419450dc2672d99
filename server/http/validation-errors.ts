// A request the contract refuses, said as the product says things (decision 166): one sentence per
// field, naming the field in words in the caller's language (locales/api, decisions 102 and 105),
// never the validator's own text ("body/percentOff must be <= 100"). The machine-readable detail
// stays beside it: where the field is, its path, and the rule it broke, as the contract's
// `ValidationProblem` says.
import type { FastifySchemaValidationError } from 'fastify';
import type { Translate } from '../text/server-text.ts';

export interface ValidationProblem {
  in: 'body' | 'query' | 'path' | 'header';
  /** The field's path in its part of the request, such as `nicknames.en` or `prices.0.amount`. */
  field: string;
  /** The schema keyword it broke: required, maximum, pattern… */
  rule: string;
  message: string;
}

const PARTS: Record<string, ValidationProblem['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Rules that only say which branch of a choice failed; a branch's own error says more. */
const VAGUE = new Set(['oneOf', 'anyOf', 'if', 'not', 'const', 'false schema']);

/** The path of the field an error is about: the value's own, or the property missing or unknown. */
function segmentsOf(error: FastifySchemaValidationError): string[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) path.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && params.additionalProperty) {
    path.push(params.additionalProperty);
  }
  return path;
}

/** How useful an error is to the person: the most specific of a field's errors is the one said. */
function rank(error: FastifySchemaValidationError): number {
  if (VAGUE.has(error.keyword)) return 3;
  // `["string", "null"]` and a `{ type: "null" }` branch: "must be empty" is never the point.
  if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null') return 2;
  if (error.keyword === 'type') return 1;
  return 0;
}

/** The field in words: its label, after its parent's when it is inside another (`the names, in English`). */
function fieldWords(segments: readonly string[], t: Translate, unknown = false): string {
  const label = (name: string, i: number) => {
    // A field the request does not take is named as the client sent it, not as another field's label.
    if (unknown && i === segments.length - 1) return `“${name}”`;
    const words = t(`fields.${name}`);
    return words === `fields.${name}` ? `“${name}”` : words;
  };
  let words = '';
  segments.forEach((segment, i) => {
    if (/^\d+$/.test(segment)) {
      words = t('validation.item', { field: words, position: Number(segment) + 1 });
    } else if (i > 0) {
      words = t('validation.nested', { parent: words, field: label(segment, i) });
    } else {
      words = label(segment, i);
    }
  });
  return words || t('fields.request');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function sentence(error: FastifySchemaValidationError, segments: readonly string[], t: Translate): string {
  const field = fieldWords(segments, t, error.keyword === 'additionalProperties');
  const params = error.params as Record<string, unknown>;
  const name = segments.at(-1) ?? '';
  const say = (key: string, values: Record<string, unknown> = {}) =>
    capitalized(t(`validation.${key}`, { field, ...values }));
  switch (error.keyword) {
    case 'required':
    case 'additionalProperties':
    case 'uniqueItems':
      return say(error.keyword);
    case 'type': {
      const types = ([] as unknown[]).concat(params.type).filter((type) => type !== 'null');
      return say('type', { expected: t(`validation.types.${String(types[0] ?? 'null')}`) });
    }
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return say(error.keyword, { count: params.limit });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return say(error.keyword, { limit: params.limit ?? params.multipleOf });
    case 'pattern': {
      const own = t(`validation.hints.${name}`);
      const control = String(params.pattern).startsWith('^[^\\x00');
      const hint = control
        ? t('validation.hints.controlCharacters')
        : own === `validation.hints.${name}`
          ? ''
          : own;
      return say('pattern', { hint });
    }
    case 'format': {
      const form = t(`validation.formats.${String(params.format)}`);
      return say('format', { form });
    }
    case 'enum':
      return say('enum', {
        values: ((params.allowedValues as unknown[]) ?? []).map((v) => String(v)).join(', '),
      });
    case 'const':
      return say('const', { value: String(params.allowedValue) });
    default:
      return say('other');
  }
}

/**
 * The validator's errors as one problem per field (the most telling error of each), in the order the
 * fields were met, and the message that says them all.
 */
export function readableValidation(
  errors: readonly FastifySchemaValidationError[],
  context: string,
  t: Translate,
): { message: string; errors: ValidationProblem[] } {
  const byField = new Map<string, FastifySchemaValidationError>();
  for (const error of errors) {
    const key = segmentsOf(error).join('.');
    const kept = byField.get(key);
    if (!kept || rank(error) < rank(kept)) byField.set(key, error);
  }
  // A choice's vague error is left out when one of its branches said something about the field.
  const said = [...byField.entries()].filter(
    ([key, error]) =>
      !VAGUE.has(error.keyword) ||
      ![...byField.keys()].some((other) => other !== key && other.startsWith(key)),
  );
  const problems = said.map(([key, error]) => ({
    in: PARTS[context] ?? 'body',
    field: key,
    rule: error.keyword,
    message: sentence(error, segmentsOf(error), t),
  }));
  return { message: problems.map((p) => p.message).join(' '), errors: problems };
}
