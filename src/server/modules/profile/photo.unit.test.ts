import { describe, expect, it } from 'vitest';
import { profilePhotoKeys, profilePhotoSources } from './photo';

const USER = '9d2c0a51-6f0e-4b7a-8f43-2a1b0c9d8e7f';

describe('profile photo sources and keys', () => {
  it('gives a re-encoded upload its three sizes in JPEG and WebP', () => {
    const photo = `/api/profile-photos/${USER}/1764240000000-0123456789ab-400.jpg`;
    const base = `/api/profile-photos/${USER}/1764240000000-0123456789ab`;
    expect(profilePhotoSources(photo)).toEqual({
      src: `${base}-192.jpg`,
      srcset: `${base}-96.jpg 96w, ${base}-192.jpg 192w, ${base}-400.jpg 400w`,
      webpSrcset: `${base}-96.webp 96w, ${base}-192.webp 192w, ${base}-400.webp 400w`,
      large: photo,
    });
    expect(profilePhotoKeys(photo)).toEqual(
      [96, 192, 400].flatMap((size) => [
        `profile-photos/${USER}/1764240000000-0123456789ab-${size}.jpg`,
        `profile-photos/${USER}/1764240000000-0123456789ab-${size}.webp`,
      ]),
    );
  });

  it('leaves a photo kept elsewhere or stored before re-encoding as one source', () => {
    const headshot = 'https://a.mktgcdn.com/p/1234567890/450x450.jpg';
    expect(profilePhotoSources(headshot)).toEqual({ src: headshot, srcset: null, webpSrcset: null, large: headshot });
    expect(profilePhotoKeys(headshot)).toEqual([]);
    const legacy = `/api/profile-photos/${USER}/1712345678901-0a1b2c3d4e5f.png`;
    expect(profilePhotoSources(legacy)).toEqual({ src: legacy, srcset: null, webpSrcset: null, large: legacy });
    expect(profilePhotoKeys(legacy)).toEqual([`profile-photos/${USER}/1712345678901-0a1b2c3d4e5f.png`]);
    expect(profilePhotoKeys(`/api/profile-photos/${USER}/../secret.png`)).toEqual([]);
    expect(profilePhotoKeys(null)).toEqual([]);
  });
});
