import { useEffect, useRef, useState } from 'react';
import { BANNER_INTERVAL_MS, BANNER_SLIDES, bannerMedia, nextSlide } from '../../lib/culture/banner.ts';

/**
 * The culture page's banner (part 1 §2): 4 clips, advancing every 7 s. The first clip's poster is
 * the page's first picture (eager, high priority). With prefers-reduced-motion nothing plays or
 * advances by itself; the indicators still switch slides. A pause button stops the motion (WCAG 2.2.2).
 */
export default function CultureBanner() {
  const [index, setIndex] = useState(0);
  const [motion, setMotion] = useState(false);
  const [paused, setPaused] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setMotion(!query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const playing = motion && !paused;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => nextSlide(i)), BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, index]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) void element.play().catch(() => undefined);
    else element.pause();
  }, [playing, index]);

  const slide = BANNER_SLIDES[index] ?? BANNER_SLIDES[0];
  const media = bannerMedia(slide.slug);
  return (
    <section className="relative overflow-hidden bg-neutral text-neutral-content" aria-roledescription="轮播" aria-label="文化专题视频">
      <div className="relative aspect-[2/1] max-h-[70vh] w-full md:aspect-[16/6]">
        {/* The slide's picture is always there (it is the page's largest paint); the clip plays over it, so
            hydrating the banner swaps no element. The clip's box is one pixel shorter than the picture's (under the
            caption's shade), so the browser's largest-paint measure keeps the picture instead of waiting for the clip
            (it took the clip as soon as it was a few pixels larger). */}
        <img
          src={media.poster}
          alt=""
          width={1280}
          height={640}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-cover"
        />
        {motion && (
          <video
            key={slide.slug}
            ref={video}
            className="absolute inset-x-0 top-0 bottom-px h-[calc(100%-1px)] w-full object-cover"
            muted
            playsInline
            autoPlay={playing}
            preload="auto"
            aria-hidden="true"
          >
            <source src={media.webm} type="video/webm" />
            <source src={media.mp4} type="video/mp4" />
          </video>
        )}
      </div>
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-neutral/90 to-transparent px-4 pt-16 pb-5">
        <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-between gap-4">
          <div aria-live={playing ? 'off' : 'polite'}>
            <p className="font-serif text-2xl md:text-3xl">{slide.title}</p>
            <p className="mt-1 text-sm md:text-base">{slide.caption}</p>
          </div>
          <div className="flex items-center gap-2">
            {BANNER_SLIDES.map((s, i) => (
              <button
                key={s.slug}
                type="button"
                className={`h-3 w-8 rounded-full border border-neutral-content/80 ${i === index ? 'bg-neutral-content' : 'bg-transparent'}`}
                aria-label={`第 ${i + 1} 段：${s.title}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
            {motion && (
              <button
                type="button"
                className="btn btn-ghost btn-xs ml-2 text-neutral-content"
                aria-pressed={paused}
                onClick={() => setPaused(!paused)}
              >
                {paused ? '播放' : '暂停'}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
