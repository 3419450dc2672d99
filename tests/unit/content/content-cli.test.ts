// `npm run content`: the embedded dataset out to the folder `sanity dataset import` reads and back
// from what `sanity dataset export` writes, unchanged byte for byte; an import that does not fit the
// model writes nothing. The last part runs the real CLI as a child process.
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDataset, InvalidDataset, importDataset } from '../../../cli/content-transfer.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'cli/content.ts');
const ORIGINAL = readFileSync(path.join(ROOT, 'content/production.ndjson'), 'utf8');
const ASSETS = readdirSync(path.join(ROOT, 'content/assets')).sort();
const IMAGES = ASSETS.filter((f) => f.endsWith('.svg'));
const FILES = ASSETS.filter((f) => !f.endsWith('.svg'));
const DOCUMENTS = ORIGINAL.trim().split('\n').length;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'content-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function scratch(withDemo: boolean): string {
  const dir = path.join(tmp, `c${++n}`);
  if (withDemo)
    cpSync(path.join(ROOT, 'content'), dir, { recursive: true, filter: (f) => !f.includes('studio') });
  else mkdirSync(dir, { recursive: true });
  return dir;
}

const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n');
const sameAssets = (dir: string) =>
  ASSETS.every((f) =>
    readFileSync(path.join(dir, 'assets', f)).equals(readFileSync(path.join(ROOT, 'content/assets', f))),
  );

/** A folder shaped as `sanity dataset export` unpacks: data.ndjson, images/, assets.json. */
function sanityExport(extra: unknown[] = []): string {
  const out = path.join(scratch(false), 'production-export-2026-11-25t10-00-00-000z');
  exportDataset(path.join(ROOT, 'content'), out);
  writeFileSync(path.join(out, 'assets.json'), '{}');
  const data = path.join(out, 'data.ndjson');
  writeFileSync(data, `${readFileSync(data, 'utf8')}${extra.map((d) => `${JSON.stringify(d)}\n`).join('')}`);
  return out;
}

describe('export', () => {
  it('writes data.ndjson with each image in images/ and each file in files/, the form `sanity dataset import` uploads', () => {
    const out = path.join(scratch(false), 'out');
    const result = exportDataset(path.join(ROOT, 'content'), out);
    expect(result).toEqual({
      file: path.join(out, 'data.ndjson'),
      documents: DOCUMENTS,
      images: IMAGES.length,
      files: FILES.length,
    });
    expect(FILES).toHaveLength(1);
    const text = readFileSync(result.file, 'utf8');
    expect(text).not.toMatch(/"asset":/);
    const refs = (kind: string) =>
      new Set(
        [...text.matchAll(new RegExp(`"_sanityAsset":"${kind}@file://\\./${kind}s/([^"]+)"`, 'g'))].map(
          (m) => m[1],
        ),
      );
    expect(refs('image')).toEqual(new Set(IMAGES));
    expect(refs('file')).toEqual(new Set(FILES));
    expect(readdirSync(path.join(out, 'images')).sort()).toEqual(IMAGES);
    expect(readdirSync(path.join(out, 'files')).sort()).toEqual(FILES);
    for (const line of lines(result.file)) expect(JSON.parse(line)).toHaveProperty('_id');
  });
});

describe('import', () => {
  it('reads an export back into the dataset it came from, byte for byte, images and files included', () => {
    const out = sanityExport();
    const target = scratch(false);
    expect(importDataset(path.join(out, 'data.ndjson'), target)).toEqual({
      documents: DOCUMENTS,
      images: IMAGES.length,
      files: FILES.length,
      skipped: 0,
    });
    expect(readFileSync(path.join(target, 'production.ndjson'), 'utf8')).toBe(ORIGINAL);
    expect(sameAssets(target)).toBe(true);
  });

  for (const format of ['gnu', 'pax']) {
    it(`reads the .tar.gz of \`sanity dataset export\` (${format} tar), leaving drafts and asset documents out`, () => {
      const out = sanityExport([
        { _id: 'drafts.page-about', _type: 'page', pageName: { en: 'Half written' } },
        {
          _id: `image-${'b'.repeat(40)}-1x1-png`,
          _type: 'sanity.imageAsset',
          url: 'https://cdn.sanity.io/x.png',
        },
      ]);
      const archive = path.join(tmp, `export-${format}.tar.gz`);
      execFileSync('tar', [
        `--format=${format}`,
        '-czf',
        archive,
        '-C',
        path.dirname(out),
        path.basename(out),
      ]);
      const target = scratch(false);
      expect(importDataset(archive, target)).toEqual({
        documents: DOCUMENTS,
        images: IMAGES.length,
        files: FILES.length,
        skipped: 2,
      });
      expect(readFileSync(path.join(target, 'production.ndjson'), 'utf8')).toBe(ORIGINAL);
      expect(sameAssets(target)).toBe(true);
    });
  }

  it('takes an image the export lacks from content/assets, where its hash names the same file', () => {
    const out = sanityExport();
    rmSync(path.join(out, 'images'), { recursive: true });
    const target = scratch(true);
    expect(importDataset(out, target)).toEqual({
      documents: DOCUMENTS,
      images: 0,
      files: FILES.length,
      skipped: 0,
    });
    expect(readFileSync(path.join(target, 'production.ndjson'), 'utf8')).toBe(ORIGINAL);
    expect(() => importDataset(out, scratch(false))).toThrow(
      /line 1 \(settings\): the export has no file for/,
    );
  });

  it('writes nothing when a document does not fit the model, and says which and why', () => {
    const out = sanityExport([
      {
        _id: 'page-news',
        _type: 'page',
        pageName: { es: 'Noticias' },
        slug: { current: 'News' },
        intro: 'x',
      },
      { _id: 'promo', _type: 'banner' },
    ]);
    const data = path.join(out, 'data.ndjson');
    writeFileSync(
      data,
      readFileSync(data, 'utf8').replace('"image@file://./images/d432', '"image@file://./images/0000'),
    );
    const target = scratch(true);
    let error: unknown;
    try {
      importDataset(out, target);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidDataset);
    expect((error as InvalidDataset).problems).toEqual([
      expect.stringMatching(
        /^line 1 \(settings\): the export has no file for image@file:\/\/\.\/images\/0000/,
      ),
      'line 20 (page-news): pageName.en: is required',
      'line 20 (page-news): slug.current: may only hold lower-case letters and digits, with single dashes between',
      'line 20 (page-news): body: is required',
      'line 20 (page-news): "intro" is not a field of the content model',
      'line 21 (promo): _type "banner" is not a document type of the model (settings, page, program, course, libraryEntry)',
    ]);
    expect((error as Error).message).toMatch(/data\.ndjson does not fit the content model:\n {2}- line 1/);
    expect(readFileSync(path.join(target, 'production.ndjson'), 'utf8')).toBe(ORIGINAL);
    expect(readdirSync(path.join(target, 'assets')).sort()).toEqual(ASSETS);
  });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function content(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
      },
    );
  });
}

// Three runs of the CLI, each a fresh Node process reading the whole dataset: slow on a busy machine.
describe('npm run content, as a process', { timeout: 30_000 }, () => {
  it('checks, exports and imports the dataset, exit 0', async () => {
    const from = scratch(true);
    const check = await content(['--content-dir', from, 'check']);
    expect(check).toMatchObject({
      code: 0,
      stdout: `${from}/production.ndjson: ${DOCUMENTS} documents fit the content model\n`,
    });

    const out = path.join(tmp, 'cli-export');
    const exported = await content(['--content-dir', from, 'export', out]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`npx sanity dataset import ${out}/data.ndjson production --replace`);

    const to = scratch(false);
    const imported = await content(['--content-dir', to, 'import', out]);
    expect(imported).toMatchObject({
      code: 0,
      stdout: `${to}/production.ndjson: ${DOCUMENTS} documents, ${IMAGES.length} images, 1 file\n`,
    });
    expect(readFileSync(path.join(to, 'production.ndjson'), 'utf8')).toBe(ORIGINAL);
  });

  it('refuses an export that does not fit the model with exit 1, the problems listed and nothing written', async () => {
    const out = sanityExport([
      { _id: 'settings-2', _type: 'settings', siteName: '', primaryColor: { hex: '#000' } },
    ]);
    const to = scratch(true);
    const run = await content(['--content-dir', to, 'import', path.join(out, 'data.ndjson')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('  - line 20 (settings-2): siteName: is empty');
    expect(run.stderr).toContain('  - line 20 (settings-2): primaryColor.hex: is not a colour like #1c7ed6');
    expect(run.stderr).toContain(
      '  - the dataset has 2 settings documents; the site reads exactly one (lines 1, 20)',
    );
    expect(run.stderr).toMatch(/Nothing was written\.\n$/);
    expect(readFileSync(path.join(to, 'production.ndjson'), 'utf8')).toBe(ORIGINAL);
  });

  it('answers a missing export or an unknown command with exit 2, and finds the studio schema fresh', async () => {
    const missing = await content([
      '--content-dir',
      scratch(false),
      'import',
      path.join(tmp, 'nowhere.tar.gz'),
    ]);
    expect(missing).toMatchObject({
      code: 2,
      stderr: `content: ${path.join(tmp, 'nowhere.tar.gz')} does not exist\n`,
    });
    expect((await content(['publish'])).code).toBe(2);
    const schema = await content(['schema', '--check']);
    expect(schema).toMatchObject({
      code: 0,
      stdout: 'content/studio/schemaTypes: 24 files match the content model\n',
    });
    expect(existsSync(path.join(ROOT, 'content-export'))).toBe(false);
  });
});
