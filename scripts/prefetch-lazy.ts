// The chunks of the code a visitor is likely to need next (the signup modal and the flows that open
// it), named in the HTML shell in a meta element that src/app/prefetch.ts turns into prefetch links
// once the page has loaded and the browser is idle: they are fetched at the lowest priority and
// evaluated only when a control asks for them. As links in the shell they would be fetched during
// the first load, sharing a slow network with it. Named at build time because only the bundle knows
// their hashed file names.

import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { PREFETCH_META } from '../src/app/prefetch.ts';

interface ChunkMeta {
  viteMetadata?: { importedCss: Set<string> };
}

/** The files a chunk needs, itself included: its static imports, recursively, and their CSS. */
function filesOf(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of (chunk as OutputChunk & ChunkMeta).viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return files;
}

/** The files of the lazy modules given (paths from the project root), minus the first load. */
export function prefetchLazyChunks(modules: string[]): Plugin {
  let base = '/';
  return {
    name: 'prefetch-lazy-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return [];
        const firstLoad = filesOf(bundle, entry);
        const wanted = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`no chunk of ${module} to prefetch: is it still loaded lazily?`);
          for (const file of filesOf(bundle, chunk)) if (!firstLoad.has(file)) wanted.add(file);
        }
        return [
          {
            tag: 'meta',
            attrs: { name: PREFETCH_META, content: [...wanted].map((file) => `${base}${file}`).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
