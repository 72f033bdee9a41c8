import { useImageFallback } from '../../lib/ui/image-fallback.ts';
import { avatarOf, DEFAULT_AVATAR } from '../../lib/inheritor/rules.ts';

/**
 * The inheritor's picture: the first profile image (a portrait, or the generated name seal) and the default avatar
 * when there is none or it fails to load.
 */
export function Portrait({ profileImages, alt }: { profileImages: string; alt: string }) {
  const { ref, failed, onError } = useImageFallback(DEFAULT_AVATAR);
  const src = failed ? DEFAULT_AVATAR : avatarOf(profileImages);
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={240}
      height={240}
      loading="lazy"
      decoding="async"
      className="aspect-square w-full rounded border border-base-300 bg-base-100 object-contain"
      onError={onError}
    />
  );
}

interface CardProps {
  name: string;
  skillType: string;
  profileImages: string;
  onOpen: () => void;
}

/** One card of the list: picture, name and skill type; the whole card opens the detail dialog. */
export default function InheritorCard({ name, skillType, profileImages, onOpen }: CardProps) {
  return (
    <li>
      <button
        type="button"
        className="group flex h-full w-full flex-col items-center rounded-box border border-base-300 bg-base-200/60 p-3 text-center transition-colors duration-200 hover:border-secondary focus-visible:border-secondary"
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        {/* The name is the card's text: the picture adds nothing to what a screen reader reads. */}
        <Portrait profileImages={profileImages} alt="" />
        <span className="mt-2 block font-serif text-lg group-hover:underline">{name}</span>
        <span className="line-clamp-2 block text-sm opacity-80">{skillType}</span>
      </button>
    </li>
  );
}
