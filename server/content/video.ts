// Which videos play, and from where (decision 137). The site plays one provider, the configured one,
// through its own player page in a frame: YouTube's privacy-enhanced embed, Vimeo's player without
// tracking, or Mux's hosted player with signed tokens when a signing key is configured. A video of
// another provider, or any video with none configured (the offline demo), has no embed address:
// its page shows the poster and says the video would play there.
import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { VideoProvider } from '../../domain/video.ts';
import { muxSigningKey } from '../config.ts';
import { PLAYER_ORIGINS } from '../integrations.ts';

export interface VideoSettings {
  VIDEO_PROVIDER?: VideoProvider | undefined;
  MUX_SIGNING_KEY_ID?: string | undefined;
  MUX_SIGNING_KEY?: string | undefined;
}

export interface VideoPlayer {
  /** The player page to frame for a video, or null when this site does not play it. */
  embedUrl(video: { provider: string; id: string }): Promise<string | null>;
}

/**
 * How long a signed Mux address plays: long enough for a page left open through a workout, short
 * enough that a copied address stops working the same day. The content service keeps an answer for
 * a minute (SETTINGS_TTL_MS), so every address it hands out has nearly all of this left.
 */
export const MUX_TOKEN_SECONDS = 12 * 60 * 60;

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
