// The part of jsdom the server tests use to parse HTML, SVG and XML as a browser would (jsdom ships
// no types of its own, and the component tests reach it only through Vitest's environment).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
