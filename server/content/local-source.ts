// The embedded CMS: the same GROQ queries evaluated with groq-js over the dataset file that
// `sanity dataset export` writes (one JSON document per line), with its images and files served by
// this API.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { assetFileName, ContentError, type ContentSource, fileAssetName } from './content-source.ts';

export const LOCAL_ASSETS_PATH = '/content-assets/';

export function createLocalSource(contentDir: string): ContentSource {
  const file = path.resolve(contentDir, 'production.ndjson');
  let documents: Promise<unknown[]> | undefined;

  async function load(): Promise<unknown[]> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new ContentError(`The local CMS dataset cannot be read: ${(error as Error).message}`);
    }
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, index) => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          throw new ContentError(`The local CMS dataset has invalid JSON on line ${index + 1}`);
        }
      });
  }

  return {
    async query<T>(groq: string, params: Record<string, string> = {}): Promise<T> {
      documents ??= load().catch((error: unknown) => {
        // A broken file is reported on every request rather than cached as a permanent failure.
        documents = undefined;
        throw error;
      });
      const dataset = await documents;
      const result = await evaluate(parse(groq), { dataset, params });
      return (await result.get()) as T;
    },
    assetUrl: (ref) => `${LOCAL_ASSETS_PATH}${assetFileName(ref)}`,
    fileUrl: (ref) => `${LOCAL_ASSETS_PATH}${fileAssetName(ref)}`,
  };
}
