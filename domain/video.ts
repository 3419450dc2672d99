// The video providers a trainer's content may name and a site may play (decision 137): the content
// model, the server's configuration and the pages that show a video all speak of these.
export const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'mux'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];
