/** The picture shown for a user without an avatar of their own: in the nav, on the profile card and on the register form. */
export const DEFAULT_AVATAR = '/images/avatar-default.svg';
