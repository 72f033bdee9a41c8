import { useImageFallback } from '../../lib/ui/image-fallback.ts';
import { Picture } from '../../lib/ui/Picture.tsx';
import { PICTURE_SIZES } from '../../lib/ui/picture-sizes.ts';

export const DEFAULT_CULTURE_IMAGE = '/images/culture-default.svg';

/** A cover that falls back to the default picture when its own fails to load. */
export function CoverImage({ src, alt }: { src: string; alt: string }) {
  const { ref, failed, onError } = useImageFallback(DEFAULT_CULTURE_IMAGE);
  return (
    <Picture
      ref={ref}
      src={failed || !src ? DEFAULT_CULTURE_IMAGE : src}
      sizes={PICTURE_SIZES.card}
      alt={alt}
      width={800}
      height={500}
      loading="lazy"
      decoding="async"
      className="h-full w-full object-cover"
      onError={onError}
    />
  );
}
