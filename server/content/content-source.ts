// Where the CMS documents come from. Both sources answer the same GROQ queries, so the rest of the
// server cannot tell Sanity from the embedded dataset.

export interface ContentSource {
  /** Runs a GROQ query; rejects with a ContentError when the CMS cannot answer it. */
  query<T>(groq: string, params?: Record<string, string>): Promise<T>;
  /** The public URL of an image asset, from its reference `image-<hash>-<w>x<h>-<ext>`. */
  assetUrl(ref: ImageRef): string;
  /** The public URL of a file asset, from its reference `file-<hash>-<ext>`. */
  fileUrl(ref: FileRef): string;
}

export interface FileRef {
  id: string;
  extension: string;
}

export interface ImageRef {
  id: string;
  width: number;
  height: number;
  extension: string;
}

export class ContentError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ContentError';
    this.status = status;
  }
}

const REF = /^image-([A-Za-z0-9]+)-(\d+)x(\d+)-([a-z0-9]+)$/;

export function parseImageRef(ref: string): ImageRef | undefined {
  const m = REF.exec(ref);
  if (!m) return undefined;
  return { id: m[1] as string, width: Number(m[2]), height: Number(m[3]), extension: m[4] as string };
}

/** The file name Sanity gives an image asset, used by its CDN and by the embedded dataset alike. */
export function assetFileName(ref: ImageRef): string {
  return `${ref.id}-${ref.width}x${ref.height}.${ref.extension}`;
}

const FILE_REF = /^file-([A-Za-z0-9]+)-([a-z0-9]+)$/;

export function parseFileRef(ref: string): FileRef | undefined {
  const m = FILE_REF.exec(ref);
  if (!m) return undefined;
  return { id: m[1] as string, extension: m[2] as string };
}

/** The file name Sanity gives a file asset: its content's hash and its extension. */
export function fileAssetName(ref: FileRef): string {
  return `${ref.id}.${ref.extension}`;
}
