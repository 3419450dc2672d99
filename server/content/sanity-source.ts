// Sanity, read through its CDN with a read token. Only the API server holds the token and the
// client library; the browser sees the results.
import { createClient } from '@sanity/client';
import { assetFileName, ContentError, type ContentSource, fileAssetName } from './content-source.ts';

export const SANITY_API_VERSION = '2023-05-03';
/**
 * A read of the CMS that gets no answer in this time fails (decision 093): pages and emails wait on
 * it, a registration inside its transaction.
 */
export const SANITY_TIMEOUT_MS = 5000;

export interface SanityOptions {
  projectId: string;
  dataset: string;
  token?: string;
  /** Another host answering Sanity's query API; tests point it at a local stub. */
  apiHost?: string;
  timeoutMs?: number;
}

function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode;
  }
  return undefined;
}

export function createSanitySource(options: SanityOptions): ContentSource {
  const client = createClient({
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: SANITY_API_VERSION,
    token: options.token,
    // This API version answers drafts too when the request carries a token (its `raw` default): the
    // site shows what the trainer published, never a draft that sorts first.
    perspective: 'published',
    useCdn: true,
    timeout: options.timeoutMs ?? SANITY_TIMEOUT_MS,
    ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
  });
  return {
    async query<T>(groq: string, params: Record<string, string> = {}): Promise<T> {
      try {
        return await client.fetch<T>(groq, params);
      } catch (error) {
        const status = statusOf(error);
        const detail = error instanceof Error ? error.message : String(error);
        throw new ContentError(
          status ? `The CMS answered ${status}: ${detail}` : `The CMS cannot be reached: ${detail}`,
          status,
        );
      }
    },
    assetUrl: (ref) =>
      `https://cdn.sanity.io/images/${options.projectId}/${options.dataset}/${assetFileName(ref)}`,
    fileUrl: (ref) =>
      `https://cdn.sanity.io/files/${options.projectId}/${options.dataset}/${fileAssetName(ref)}`,
  };
}
