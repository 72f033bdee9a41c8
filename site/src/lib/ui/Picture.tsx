import { type ImgHTMLAttributes, forwardRef } from 'react';
import { readPicture } from '@feiyi/contract/picture';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'sizes'> & {
  src: string;
  /** The width the image takes in the layout, as a sizes attribute. */
  sizes: string;
};

/**
 * The islands' twin of components/Picture.astro: a photograph with sized copies becomes a <picture> whose AVIF or
 * WebP copy the browser picks by `sizes`; any other image stays a plain <img>. The rest goes to the <img>.
 */
export const Picture = forwardRef<HTMLImageElement, Props>(function Picture({ src, sizes, ...img }, ref) {
  const picture = readPicture(src);
  if (!picture) return <img ref={ref} src={src} {...img} />;
  return (
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img ref={ref} src={picture.src} {...img} />
    </picture>
  );
});
