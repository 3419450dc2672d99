import type { Config } from '../config.ts';
import type { AreaPlugin } from '../context.ts';
import type { Handlers } from '../http/contract.ts';
import { ContentError, contentServiceFor } from './content-service.ts';
import { courseSample, programSample } from './samples.ts';

export function contentHandlers(config: Config): Handlers {
  const content = contentServiceFor(config);
  return {
    getSiteSettings: async (request, reply) => {
      try {
        return { success: true, settings: await content.settings(request.query.lang) };
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        request.log.warn({ err: error }, 'site settings unavailable');
        return reply.code(502).send({ success: false, message: error.message });
      }
    },
    getContentPage: async (request, reply) => {
      try {
        const page = await content.page(request.params.slug, request.query.lang);
        if (!page) {
          return reply
            .code(404)
            .send({ success: false, message: `No content page named "${request.params.slug}"` });
        }
        return { success: true, page };
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        request.log.warn({ err: error }, 'content page unavailable');
        return reply.code(502).send({ success: false, message: error.message });
      }
    },
    getProductSample: async (request, reply) => {
      const { kind, slug } = request.params;
      const lang = request.query.lang;
      try {
        const sample =
          kind === 'challenge'
            ? await content.program(slug, lang).then((p) => p && programSample(p))
            : await content.course(slug, lang).then((c) => c && courseSample(c));
        if (!sample) {
          return reply.code(404).send({ success: false, message: `No ${kind} named "${slug}" to sample` });
        }
        return { success: true, sample };
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        request.log.warn({ err: error }, 'product sample unavailable');
        return reply.code(502).send({ success: false, message: error.message });
      }
    },
  };
}

export const contentArea: AreaPlugin = async (app, { context }) => {
  app.operations(contentHandlers(context.config));
};
