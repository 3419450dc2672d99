// The build's Vite manifest, walked: which files a chunk needs (its static imports, recursively, and
// their CSS). Read by the server, to let a page's screen load with the page, and by the size script.

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Adds the chunks of `keys` and what they import to `into`, and their files to `files`. */
export function collect(manifest: Manifest, keys: string[], into: Set<string>, files: Set<string>): void {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    collect(manifest, chunk.imports ?? [], into, files);
  }
}

/** The files a lazy module (a path from the project root) needs beyond the entry's first load. */
export function lazyModuleFiles(manifest: Manifest, module: string): string[] {
  const entryKeys = new Set<string>();
  collect(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
    entryKeys,
    new Set(),
  );
  const files = new Set<string>();
  collect(manifest, [module], entryKeys, files);
  return [...files];
}
