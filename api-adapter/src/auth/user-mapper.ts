import type { PortalUser } from '@feiyi/contract/auth';
import { absoluteUrl } from '../shared/media.ts';

export interface CmsProfile {
  id: number;
  username: string;
  email: string;
  avatar: string;
  backgroundImage: string;
  address: PortalUser['address'];
}

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
