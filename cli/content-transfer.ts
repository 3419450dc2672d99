// The embedded dataset to and from Sanity's own files. An export is a folder `sanity dataset import`
// reads: data.ndjson whose images point at `images/` (`_sanityAsset: "image@file://./images/…"`,
// resolved against the ndjson's folder) and whose files at `files/` (`file@file://./files/…`). An import reads what `sanity dataset export` writes (its
// .tar.gz, the unpacked folder, or its data.ndjson) and becomes content/production.ndjson and
// content/assets only when every document passes the content model; otherwise nothing is written.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  assetFileName,
  fileAssetName,
  parseFileRef,
  parseImageRef,
} from '../server/content/content-source.ts';
import { datasetProblems, type Located } from '../server/content/model-check.ts';

export const DATASET_FILE = 'production.ndjson';
export const ASSETS_DIR = 'assets';

/** A dataset that fails the content model: `problems` says what, one line each. */
export class InvalidDataset extends Error {
  readonly problems: readonly string[];
  constructor(source: string, problems: readonly string[]) {
    super(`${source} does not fit the content model:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

export function parseNdjson(text: string, source: string): Located[] {
  const problems: string[] = [];
  const items: Located[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      items.push({ line: index + 1, doc: JSON.parse(line) });
    } catch {
      problems.push(`line ${index + 1}: is not JSON`);
    }
  });
  if (problems.length > 0) throw new InvalidDataset(source, problems);
  return items;
}

const toNdjson = (docs: readonly unknown[]) => docs.map((doc) => `${JSON.stringify(doc)}\n`).join('');

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `value` with each object `change` answers for replaced by its answer. */
function rewrite(value: unknown, change: (o: Json) => Json | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, change));
  if (!isObject(value)) return value;
  const own = change(value) ?? value;
  return Object.fromEntries(Object.entries(own).map(([k, v]) => [k, rewrite(v, change)]));
}

// --- export -----------------------------------------------------------------------------------

export interface ExportResult {
  file: string;
  documents: number;
  images: number;
  files: number;
}

/** The export's name for an asset reference: its folder (`images` or `files`) and file name. */
function exportedAsset(ref: string): { folder: 'images' | 'files'; name: string } | undefined {
  const image = parseImageRef(ref);
  if (image) return { folder: 'images', name: assetFileName(image) };
  const file = parseFileRef(ref);
  return file ? { folder: 'files', name: fileAssetName(file) } : undefined;
}

/** Writes `<outDir>/data.ndjson`, `images/` and `files/`, ready for `sanity dataset import`. */
export function exportDataset(contentDir: string, outDir: string): ExportResult {
  const source = path.join(contentDir, DATASET_FILE);
  const assets = path.join(contentDir, ASSETS_DIR);
  const items = parseNdjson(readFileSync(source, 'utf8'), source);
  const problems = datasetProblems(items, (file) => existsSync(path.join(assets, file)));
  if (problems.length > 0) throw new InvalidDataset(source, problems);

  const copied = { images: new Set<string>(), files: new Set<string>() };
  const docs = items.map(({ doc }) =>
    rewrite(doc, (o) => {
      const asset =
        isObject(o.asset) && typeof o.asset._ref === 'string' ? exportedAsset(o.asset._ref) : undefined;
      if (!asset) return undefined;
      const { asset: _, ...rest } = o;
      copied[asset.folder].add(asset.name);
      const type = asset.folder === 'images' ? 'image' : 'file';
      // Where Sanity's own export puts it: first, in place of the reference.
      return { _sanityAsset: `${type}@file://./${asset.folder}/${asset.name}`, ...rest };
    }),
  );
  for (const folder of ['images', 'files'] as const) {
    mkdirSync(path.join(outDir, folder), { recursive: true });
    for (const name of copied[folder]) copyFileSync(path.join(assets, name), path.join(outDir, folder, name));
  }
  const file = path.join(outDir, 'data.ndjson');
  writeFileSync(file, toNdjson(docs));
  return { file, documents: docs.length, images: copied.images.size, files: copied.files.size };
}

// --- import -----------------------------------------------------------------------------------

/** An export read into memory: its data.ndjson and its files by path relative to that ndjson. */
interface ExportFiles {
  ndjson: string;
  name: string;
  file(relative: string): Buffer | undefined;
}

/** The entries of a tar archive (ustar, with pax and GNU long names), by path. */
export function untar(archive: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let offset = 0;
  let longName: string | undefined;
  const text = (start: number, length: number) =>
    archive.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  while (offset + 512 <= archive.length && archive[offset] !== 0) {
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(archive[offset + 156] ?? 48);
    const prefix = text(offset + 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    const body = archive.subarray(offset + 512, offset + 512 + size);
    longName = undefined;
    if (type === 'x') longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
    else if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '0' || type === '\0') entries.set(name.replace(/^\.\//, ''), body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

function readExport(source: string): ExportFiles {
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  if (statSync(source).isDirectory()) return readExport(path.join(source, 'data.ndjson'));
  if (/\.(tar\.gz|tgz|tar)$/.test(source)) {
    const raw = readFileSync(source);
    const entries = untar(raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw);
    const data = [...entries.keys()].filter((name) => path.posix.basename(name) === 'data.ndjson');
    if (data.length !== 1) throw new Error(`${source} holds ${data.length} data.ndjson files, not one`);
    const base = path.posix.dirname(data[0] as string);
    return {
      name: `${source}:${data[0]}`,
      ndjson: (entries.get(data[0] as string) as Buffer).toString('utf8'),
      file: (relative) => entries.get(path.posix.join(base, relative)),
    };
  }
  const dir = path.dirname(path.resolve(source));
  return {
    name: source,
    ndjson: readFileSync(source, 'utf8'),
    file: (relative) => {
      const full = path.resolve(dir, relative);
      return existsSync(full) ? readFileSync(full) : undefined;
    },
  };
}

/** What Sanity keeps beside the content: drafts, asset and system documents, none of which the site reads. */
export function isSanityOwn(doc: unknown): boolean {
  if (!isObject(doc)) return false;
  const id = typeof doc._id === 'string' ? doc._id : '';
  const type = typeof doc._type === 'string' ? doc._type : '';
  return id.startsWith('drafts.') || id.startsWith('versions.') || /^(sanity|system)\./.test(type);
}

const IMAGE_FILE = /^(?:.*\/)?([a-f0-9]{40})-(\d+)x(\d+)\.([a-z0-9]+)$/;
const FILE_FILE = /^(?:.*\/)?([a-f0-9]{40})\.([a-z0-9]+)$/;

/** An export's asset as the dataset refers to it and as content/assets names it. */
function importedAsset(reference: string): { url: string; ref: string; name: string } | undefined {
  const [, kind, url] = /^(image|file)@(file:\/\/.*)$/.exec(reference) ?? [];
  if (!url) return undefined;
  if (kind === 'image') {
    const [, hash, width, height, extension] = IMAGE_FILE.exec(url) ?? [];
    if (!hash) return undefined;
    return { url, ref: `image-${hash}-${width}x${height}-${extension}`, name: path.posix.basename(url) };
  }
  const [, hash, extension] = FILE_FILE.exec(url) ?? [];
  return hash ? { url, ref: `file-${hash}-${extension}`, name: path.posix.basename(url) } : undefined;
}

export interface ImportResult {
  documents: number;
  images: number;
  files: number;
  /** Drafts, asset and system documents left out. */
  skipped: number;
}

export function importDataset(source: string, contentDir: string): ImportResult {
  const exported = readExport(source);
  const parsed = parseNdjson(exported.ndjson, exported.name);
  const kept = parsed.filter((item) => !isSanityOwn(item.doc));
  const assetsDir = path.join(contentDir, ASSETS_DIR);
  const assets = new Map<string, Buffer>();
  const problems: string[] = [];
  // Assets already reported missing from the export, not reported again by the dataset check.
  const reported = new Set<string>();

  const items: Located[] = kept.map((item) => ({
    line: item.line,
    doc: rewrite(item.doc, (o) => {
      if (typeof o._sanityAsset !== 'string') return undefined;
      const { _sanityAsset: reference, ...rest } = o;
      const id = isObject(item.doc) && typeof item.doc._id === 'string' ? ` (${item.doc._id})` : '';
      const at = `line ${item.line}${id}`;
      const asset = importedAsset(reference);
      if (!asset) {
        problems.push(
          `${at}: ${reference} is not an asset of the export (image@file://./images/<sha1>-<w>x<h>.<ext> or file@file://./files/<sha1>.<ext>)`,
        );
        return rest;
      }
      const relative = asset.url.startsWith('file://./') ? asset.url.slice('file://./'.length) : undefined;
      const bytes = relative ? exported.file(relative) : readIfExists(fileURLToPath(asset.url));
      if (bytes) assets.set(asset.name, bytes);
      // Named by its content's hash: a file already in content/assets is the same asset.
      else if (!existsSync(path.join(assetsDir, asset.name))) {
        problems.push(`${at}: the export has no file for ${reference}`);
        reported.add(asset.name);
      }
      const { _type, ...others } = rest;
      return {
        ...(_type === undefined ? {} : { _type }),
        asset: { _ref: asset.ref, _type: 'reference' },
        ...others,
      };
    }),
  }));

  problems.push(
    ...datasetProblems(
      items,
      (file) => assets.has(file) || reported.has(file) || existsSync(path.join(assetsDir, file)),
    ),
  );
  if (problems.length > 0) throw new InvalidDataset(exported.name, problems);

  mkdirSync(assetsDir, { recursive: true });
  for (const [file, bytes] of assets) writeFileSync(path.join(assetsDir, file), bytes);
  // Written aside, then renamed over the dataset: a reader never sees half a file.
  const target = path.join(contentDir, DATASET_FILE);
  writeFileSync(`${target}.tmp`, toNdjson(items.map((i) => i.doc)));
  renameSync(`${target}.tmp`, target);
  const images = [...assets.keys()].filter((name) => IMAGE_FILE.test(name)).length;
  return {
    documents: items.length,
    images,
    files: assets.size - images,
    skipped: parsed.length - kept.length,
  };
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}
