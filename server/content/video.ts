// Which videos play, and from where (decision 137). The site plays one provider, the configured one,
// through its own player page in a frame: YouTube's privacy-enhanced embed, Vimeo's player without
// tracking, or Mux's hosted player with signed tokens when a signing key is configured. A video of
// another provider, or any video with none configured (the offline demo), has no embed address:
// its page shows the poster and says the video would play there.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { VideoProvider } from './model-library.ts';

export interface VideoSettings {
  VIDEO_PROVIDER?: VideoProvider | undefined;
  MUX_SIGNING_KEY_ID?: string | undefined;
  MUX_SIGNING_KEY?: string | undefined;
}

export interface VideoPlayer {
  /** The player page to frame for a video, or null when this site does not play it. */
  embedUrl(video: { provider: string; id: string }): Promise<string | null>;
}

/** The player pages' origins, the only ones the Content-Security-Policy lets the site frame. */
const PLAYER_ORIGINS: Record<VideoProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  mux: 'https://player.mux.com',
};

/**
 * How long a signed Mux address plays: long enough for a page left open through a workout, short
 * enough that a copied address stops working the same day. The content service keeps an answer for
 * a minute (SETTINGS_TTL_MS), so every address it hands out has nearly all of this left.
 */
export const MUX_TOKEN_SECONDS = 12 * 60 * 60;

/** The origins to allow in `frame-src` for the configured provider; none without one. */
export function videoFrameOrigins(settings: VideoSettings): string[] {
  return settings.VIDEO_PROVIDER ? [PLAYER_ORIGINS[settings.VIDEO_PROVIDER]] : [];
}

/** A Mux signing key as Mux hands it out: a base64 PEM RSA private key. */
export function muxSigningKey(base64: string): KeyObject | undefined {
  try {
    const key = createPrivateKey(Buffer.from(base64, 'base64').toString('utf8'));
    return key.asymmetricKeyType === 'rsa' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** What a token opens: the video itself, its thumbnails (the poster) and its storyboard (seeking). */
const MUX_AUDIENCES = { 'playback-token': 'v', 'thumbnail-token': 't', 'storyboard-token': 's' } as const;

/** A token for one playback id and one audience, signed RS256 with the key's id, as Mux documents. */
export function signMuxToken(
  playbackId: string,
  audience: 'v' | 't' | 's',
  key: { id: string; privateKey: KeyObject },
  expiresAt: number,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.id })
    .setSubject(playbackId)
    .setAudience(audience)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key.privateKey);
}

export function createVideoPlayer(settings: VideoSettings, now: () => number = Date.now): VideoPlayer {
  const provider = settings.VIDEO_PROVIDER;
  const privateKey = settings.MUX_SIGNING_KEY ? muxSigningKey(settings.MUX_SIGNING_KEY) : undefined;
  const signing =
    provider === 'mux' && privateKey && settings.MUX_SIGNING_KEY_ID
      ? { id: settings.MUX_SIGNING_KEY_ID, privateKey }
      : undefined;
  return {
    async embedUrl(video) {
      if (!provider || video.provider !== provider) return null;
      const id = encodeURIComponent(video.id);
      if (provider === 'youtube') return `${PLAYER_ORIGINS.youtube}/embed/${id}?rel=0`;
      if (provider === 'vimeo') return `${PLAYER_ORIGINS.vimeo}/video/${id}?dnt=1`;
      const url = new URL(`${PLAYER_ORIGINS.mux}/${id}`);
      if (signing) {
        const expiresAt = now() + MUX_TOKEN_SECONDS * 1000;
        for (const [param, audience] of Object.entries(MUX_AUDIENCES)) {
          url.searchParams.set(param, await signMuxToken(video.id, audience, signing, expiresAt));
        }
      }
      return url.href;
    },
  };
}
