// The kinds of field and type the content model (model.ts) is written in; the studio schema
// (cli/studio-schema.ts) and the dataset check (model-check.ts) each know every kind.

/** What a field holds. `object` names another type of this model. */
export type FieldKind =
  | { type: 'string'; max?: number; pattern?: { regex: RegExp; name: string } }
  | { type: 'text'; max?: number }
  /** Links the renderer accepts: absolute with one of `schemes`, or a path of this site when `relative`. */
  | { type: 'url'; schemes: readonly string[]; relative?: boolean }
  | { type: 'email' }
  | { type: 'boolean'; initial: boolean }
  /** `after`: a sibling datetime this one may not precede. */
  | { type: 'datetime'; after?: string }
  /** The `color` type of the @sanity/color-input plugin. */
  | { type: 'color' }
  /** An image with crop and hotspot (Sanity's `options: { hotspot: true }`). */
  | { type: 'image' }
  /** A downloadable file asset; `accept` lists the extensions the studio offers (`.pdf`). */
  | { type: 'file'; accept: readonly string[] }
  | { type: 'slug'; source: string; max: number; reserved: readonly string[] }
  | { type: 'localeString' | 'localeText' | 'localeBlockContent' }
  | { type: 'object'; of: string }
  /** A whole number from `min` to `max` (Sanity's `number` with `integer()`). */
  | { type: 'integer'; min: number; max: number }
  /** One of a few fixed values (Sanity's `string` with `options.list`). */
  | { type: 'choice'; options: readonly { value: string; title: string }[]; initial?: string }
  /** A list of objects of the type `of`, each with its own `_key` (Sanity's array of objects). */
  | { type: 'array'; of: string; min?: number; max?: number }
  /** A list of short codes (Sanity's array of strings, as tags). */
  | { type: 'tags'; pattern: { regex: RegExp; name: string } }
  /**
   * A code whose form depends on a sibling choice, such as a video's id on its provider: `patterns`
   * by the sibling `field`'s value.
   */
  | { type: 'code'; field: string; patterns: Readonly<Record<string, { regex: RegExp; name: string }>> };

export type Field = FieldKind & {
  name: string;
  title: string;
  description?: string;
  /** For a per-language field: its English text is required (English stands in for the others). */
  required?: boolean;
};

export interface ContentType {
  name: string;
  title: string;
  kind: 'document' | 'object';
  fields: readonly Field[];
}
