import { useEffect, useState } from 'react';
import { CAROUSEL_MS, nextSlide } from './rules.ts';
import { useClientStore } from '../../lib/ui/use-client-store.ts';

const REDUCED = '(prefers-reduced-motion: reduce)';
const subscribeReduced = (listener: () => void) => {
  const media = window.matchMedia(REDUCED);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
};
const readReduced = () => window.matchMedia(REDUCED).matches;

/**
 * The product pictures: one at a time, advancing every 4 s, paused while pointed at and by its
 * pause button (the dialog puts the keyboard on the carousel's first button, so focus alone does not pause it). Under reduced motion nothing moves by itself: the pictures are a row to scroll.
 */
export default function ImageCarousel({ images, name }: { images: string[]; name: string }) {
  const reduced = useClientStore(subscribeReduced, readReduced, false);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = images.length;
  const moving = !reduced && count > 1 && !held && !paused;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => setIndex((i) => nextSlide(i, count)), CAROUSEL_MS);
    return () => window.clearInterval(timer);
  }, [moving, count]);

  if (count === 0) return <div className="aspect-[4/3] w-full rounded-box bg-base-300" aria-hidden="true" />;

  if (reduced || count === 1) {
    return (
      <ul
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto rounded-box"
        aria-label={`${name}的图片`}
        tabIndex={count > 1 ? 0 : undefined}
        data-carousel="scroll"
      >
        {images.map((src, i) => (
          <li key={`${i}-${src}`} className="w-full shrink-0 snap-start">
            <img
              src={src}
              alt={`${name}（第 ${i + 1} / ${count} 张）`}
              width={800}
              height={600}
              decoding="async"
              className="aspect-[4/3] w-full rounded-box bg-base-300 object-cover"
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-roledescription="轮播"
      aria-label={`${name}的图片`}
      className="relative"
      data-carousel="auto"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-box bg-base-300" aria-live={moving ? 'off' : 'polite'}>
        {images.map((src, i) => (
          <img
            key={`${i}-${src}`}
            src={src}
            alt={`${name}（第 ${i + 1} / ${count} 张）`}
            width={800}
            height={600}
            decoding="async"
            aria-hidden={i !== index}
            className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-300 ease-out ${i === index ? 'opacity-100' : 'opacity-0'}`}
          />
        ))}
      </div>
      <div className="mt-2 flex items-center justify-between gap-2">
        <div className="flex gap-1">
          <button type="button" className="btn btn-sm btn-ghost" aria-label="上一张" onClick={() => setIndex(nextSlide(index, count, -1))}>
            ‹
          </button>
          <button type="button" className="btn btn-sm btn-ghost" aria-label="下一张" onClick={() => setIndex(nextSlide(index, count))}>
            ›
          </button>
        </div>
        <div className="flex gap-1" role="group" aria-label="选择图片">
          {images.map((src, i) => (
            <button
              key={`${i}-${src}`}
              type="button"
              className="flex h-6 w-6 items-center justify-center"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            >
              <span className={`block h-2 w-2 rounded-full ${i === index ? 'bg-primary' : 'bg-base-content/40'}`} />
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-sm btn-ghost" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? '继续轮播' : '暂停轮播'}
        </button>
      </div>
    </section>
  );
}
