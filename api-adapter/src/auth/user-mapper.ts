import type { PortalUser } from '@feiyi/contract/auth';
import type { PortalProfile } from '@feiyi/contract/portal';
import { absoluteUrl } from '../shared/media.ts';

/** The visitor's profile as the CMS answers it (portal/me), parsed with the contract. */
export type CmsProfile = PortalProfile;

export function toPortalUser(profile: CmsProfile, origin: string): PortalUser {
  return {
    id: profile.id,
    username: profile.username,
    email: profile.email,
    avatar: absoluteUrl(origin, profile.avatar),
    backgroundImage: absoluteUrl(origin, profile.backgroundImage),
    address: profile.address,
  };
}
