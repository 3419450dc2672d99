// Videos play from the configured provider only, in its player page: YouTube's privacy-enhanced
// embed, Vimeo's without tracking, Mux's hosted player with tokens signed RS256 as Mux documents
// (checked here with Node's own RSA verification and a key made for the test). The configuration
// refuses a provider or a key it cannot use, saying why.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkConfig, loadConfig } from '../../../server/config.ts';
import { createVideoPlayer, MUX_TOKEN_SECONDS } from '../../../server/content/video.ts';
import { serviceOrigins } from '../../../server/integrations.ts';

const MUX_ID = 'EcHgOK9coz5K4rjSwOkoE7Y7O01201YMIC200RI6lNxnhs';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const MUX_SIGNING_KEY = Buffer.from(keys.privateKey.export({ type: 'pkcs1', format: 'pem' })).toString(
  'base64',
);

describe('the video player', () => {
  it("frames each provider's player page, and only the configured provider's", async () => {
    const youtube = { provider: 'youtube', id: 'q7XbN2mR4tA' };
    const vimeo = { provider: 'vimeo', id: '76979871' };
    const mux = { provider: 'mux', id: MUX_ID };
    const on = (VIDEO_PROVIDER?: 'youtube' | 'vimeo' | 'mux') => createVideoPlayer({ VIDEO_PROVIDER });
    expect(await on('youtube').embedUrl(youtube)).toBe(
      'https://www.youtube-nocookie.com/embed/q7XbN2mR4tA?rel=0',
    );
    expect(await on('vimeo').embedUrl(vimeo)).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(await on('mux').embedUrl(mux)).toBe(`https://player.mux.com/${MUX_ID}`);
    expect(await on('youtube').embedUrl(vimeo)).toBeNull();
    expect(await on('mux').embedUrl(youtube)).toBeNull();
    for (const video of [youtube, vimeo, mux]) expect(await on(undefined).embedUrl(video)).toBeNull();
  });

  it("lets the page frame the configured provider's player, and nothing without one", () => {
    const frames = (VIDEO_PROVIDER?: string) =>
      serviceOrigins(loadConfig(VIDEO_PROVIDER ? { VIDEO_PROVIDER } : {})).frame;
    expect(frames('youtube')).toEqual(['https://www.youtube-nocookie.com']);
    expect(frames('vimeo')).toEqual(['https://player.vimeo.com']);
    expect(frames('mux')).toEqual(['https://player.mux.com']);
    expect(frames()).toEqual([]);
  });

  it('signs a Mux playback, its poster and its storyboard, each for twelve hours, with the key id', async () => {
    const now = Date.UTC(2026, 0, 31, 23, 0, 0);
    const player = createVideoPlayer(
      { VIDEO_PROVIDER: 'mux', MUX_SIGNING_KEY_ID: 'Kx7dAb29PqW0', MUX_SIGNING_KEY },
      () => now,
    );
    const url = new URL((await player.embedUrl({ provider: 'mux', id: MUX_ID })) as string);
    expect(url.origin + url.pathname).toBe(`https://player.mux.com/${MUX_ID}`);
    const audiences = { 'playback-token': 'v', 'thumbnail-token': 't', 'storyboard-token': 's' };
    expect([...url.searchParams.keys()].sort()).toEqual(Object.keys(audiences).sort());
    for (const [param, aud] of Object.entries(audiences)) {
      const token = url.searchParams.get(param) as string;
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
      expect(json(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'Kx7dAb29PqW0' });
      // 2026-02-01T11:00:00Z: twelve hours after now.
      expect(json(payload)).toEqual({ sub: MUX_ID, aud, exp: Date.UTC(2026, 1, 1, 11) / 1000 });
      expect(MUX_TOKEN_SECONDS).toBe(12 * 3600);
      const verify = (key: typeof keys.publicKey) =>
        createVerify('RSA-SHA256')
          .update(`${header}.${payload}`)
          .verify(key, Buffer.from(signature, 'base64url'));
      expect(verify(keys.publicKey)).toBe(true);
      expect(verify(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey)).toBe(false);
    }
  });
});

const problems = (env: Record<string, string>) =>
  checkConfig({ PASSWORD_HASH_LOG2_COST: '10', ...env }).problems.map((p) => `${p.variable}: ${p.message}`);

describe('the video configuration', () => {
  it('takes youtube, vimeo or mux, and a Mux signing key only with mux', () => {
    expect(problems({ VIDEO_PROVIDER: 'youtube' })).toEqual([]);
    expect(problems({ VIDEO_PROVIDER: 'mux', MUX_SIGNING_KEY_ID: 'Kx7dAb29PqW0', MUX_SIGNING_KEY })).toEqual(
      [],
    );
    expect(problems({ VIDEO_PROVIDER: 'dailymotion' })).toEqual([
      'VIDEO_PROVIDER: must be one of youtube, vimeo, mux, or unset',
    ]);
    expect(problems({ VIDEO_PROVIDER: 'mux', MUX_SIGNING_KEY_ID: 'Kx7dAb29PqW0' })).toEqual([
      'MUX_SIGNING_KEY: MUX_SIGNING_KEY_ID and MUX_SIGNING_KEY go together: set both or neither',
    ]);
    expect(
      problems({ VIDEO_PROVIDER: 'youtube', MUX_SIGNING_KEY_ID: 'Kx7dAb29PqW0', MUX_SIGNING_KEY }),
    ).toEqual([
      'MUX_SIGNING_KEY: signs Mux playback only: set VIDEO_PROVIDER=mux, or leave the Mux keys unset',
    ]);
    const pem = keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect(
      problems({ VIDEO_PROVIDER: 'mux', MUX_SIGNING_KEY_ID: 'Kx7dAb29PqW0', MUX_SIGNING_KEY: pem }),
    ).toEqual([
      'MUX_SIGNING_KEY: must be the private key of a Mux signing key, base64-encoded as Mux gives it',
    ]);
  });

  it('requires signed Mux playback in production', () => {
    const production = {
      NODE_ENV: 'production',
      PASSWORD_HASH_LOG2_COST: '17',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(problems({ ...production, VIDEO_PROVIDER: 'mux' })).toEqual([
      'MUX_SIGNING_KEY: is required in production with VIDEO_PROVIDER=mux, with MUX_SIGNING_KEY_ID ' +
        '(without signed playback, anyone with a playback id could watch the members-only videos)',
    ]);
    expect(problems({ ...production, VIDEO_PROVIDER: 'youtube' })).toEqual([]);
  });
});
