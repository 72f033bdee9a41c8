import type { donationProject } from '@feiyi/contract';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { loginHref } from '../../lib/api/rules.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import Achievements from './Achievements.tsx';
import DonateFlow from './DonateFlow.tsx';
import DonorTable from './DonorTable.tsx';
import { type SlideIntent, swipeIntent, wheelIntent } from '../../lib/donation/rules.ts';
import { useClientStore } from '../../lib/ui/use-client-store.ts';
import { Picture } from '../../lib/ui/Picture.tsx';
import { PICTURE_SIZES } from '../../lib/ui/picture-sizes.ts';

type DonationProject = z.infer<typeof donationProject>;

interface Props {
  projects: DonationProject[];
  /** The header picture (the page's largest first-screen element: never lazy). */
  image: { src: string; srcset: string; alt: string };
}

const reduced = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The donation page: a header with the live donor table and the 'swipe up' hint; scrolling more
 * than 10 px or swiping more than 20 px up brings the slide panel (projects and achievements) up, down takes it
 * back. The hint is a button, so keyboard visitors get the same.
 */
export default function DonationPage({ projects, image }: Props) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<DonationProject | undefined>();
  const header = useRef<HTMLElement>(null);
  const panel = useRef<HTMLElement>(null);
  const touchStart = useRef<number | undefined>(undefined);

  function slide(intent: SlideIntent) {
    if (intent === 'none') return;
    const behavior = reduced() ? 'auto' : 'smooth';
    if (intent === 'open') {
      setOpen(true);
      panel.current?.scrollIntoView({ behavior, block: 'start' });
    } else {
      setOpen(false);
      window.scrollTo({ top: 0, behavior });
    }
  }

  useEffect(() => {
    const head = header.current;
    const sheet = panel.current;
    if (!head || !sheet) return;
    const atPanelTop = () => Math.abs(sheet.getBoundingClientRect().top) < 4;
    const onHeadWheel = (event: WheelEvent) => {
      const intent = wheelIntent(event.deltaY);
      if (intent === 'open') {
        event.preventDefault();
        slide('open');
      }
    };
    const onSheetWheel = (event: WheelEvent) => {
      if (atPanelTop() && wheelIntent(event.deltaY) === 'close') {
        event.preventDefault();
        slide('close');
      }
    };
    const onTouchStart = (event: TouchEvent) => {
      touchStart.current = event.touches[0]?.clientY;
    };
    const onHeadTouchEnd = (event: TouchEvent) => {
      const end = event.changedTouches[0]?.clientY;
      if (touchStart.current !== undefined && end !== undefined && swipeIntent(touchStart.current, end) === 'open') slide('open');
    };
    const onSheetTouchEnd = (event: TouchEvent) => {
      const end = event.changedTouches[0]?.clientY;
      if (touchStart.current !== undefined && end !== undefined && atPanelTop() && swipeIntent(touchStart.current, end) === 'close') {
        slide('close');
      }
    };
    head.addEventListener('wheel', onHeadWheel, { passive: false });
    sheet.addEventListener('wheel', onSheetWheel, { passive: false });
    head.addEventListener('touchstart', onTouchStart, { passive: true });
    head.addEventListener('touchend', onHeadTouchEnd, { passive: true });
    sheet.addEventListener('touchstart', onTouchStart, { passive: true });
    sheet.addEventListener('touchend', onSheetTouchEnd, { passive: true });
    return () => {
      head.removeEventListener('wheel', onHeadWheel);
      sheet.removeEventListener('wheel', onSheetWheel);
      head.removeEventListener('touchstart', onTouchStart);
      head.removeEventListener('touchend', onHeadTouchEnd);
      sheet.removeEventListener('touchstart', onTouchStart);
      sheet.removeEventListener('touchend', onSheetTouchEnd);
    };
  }, []);

  function choose(project: DonationProject) {
    if (!readSession()) {
      notify.warning(MESSAGES.donation.loginFirst);
      window.location.assign(loginHref('/public-welfare'));
      return;
    }
    setChosen(project);
  }

  return (
    <>
      <section ref={header} aria-labelledby="welfare-title" className="relative isolate overflow-hidden bg-neutral text-neutral-content">
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes="100vw"
          alt={image.alt}
          width="1600"
          height="900"
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-45"
        />
        <div className="mx-auto flex min-h-[calc(100svh-4rem)] max-w-6xl flex-col justify-center gap-6 px-4 py-10">
          <div>
            <h1 id="welfare-title" className="font-serif text-3xl md:text-5xl">
              非遗公益
            </h1>
            <p className="mt-3 max-w-[36em] leading-8">每一笔心意，都记在这里。捐赠人姓名只显示首字。</p>
            <p className="mt-2 max-w-[40em] text-sm leading-6" data-demo>
              {MESSAGES.donation.demo}
            </p>
          </div>
          <div className="w-full max-w-2xl">
            <DonorTable />
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm self-center text-neutral-content"
            aria-controls="welfare-panel"
            aria-expanded={open}
            onClick={() => slide(open ? 'close' : 'open')}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 15l6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {MESSAGES.donation.swipeHint}
          </button>
        </div>
      </section>
      <section
        ref={panel}
        id="welfare-panel"
        aria-labelledby="projects-title"
        className="min-h-[100svh] scroll-mt-16 rounded-t-3xl bg-base-100 px-4 py-10 shadow-[0_-8px_24px_rgb(0_0_0/0.12)]"
        data-open={open}
      >
        <div className="mx-auto max-w-6xl space-y-8">
          {session && <Achievements userId={session.user.id} />}
          <div>
            <h2 id="projects-title" className="font-serif text-2xl md:text-3xl">
              公益项目
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {projects.map((project) => (
                <li key={project.id} className="card overflow-hidden border border-base-300 bg-base-100" data-project={project.id}>
                  {/* The whole picture (5:3, as the covers are drawn): a narrow crop cut its title mid-word. */}
                  <figure className="aspect-[5/3] bg-base-300">
                    <Picture
                      src={project.image}
                      sizes={PICTURE_SIZES.card}
                      alt=""
                      width="800"
                      height="480"
                      loading="lazy"
                      decoding="async"
                      className="h-full w-full object-cover"
                    />
                  </figure>
                  <div className="card-body gap-2 p-4">
                    <h3 className="card-title font-serif text-lg">{project.title}</h3>
                    <p className="line-clamp-3 text-sm leading-6">{project.description}</p>
                    <p className="text-xs opacity-85">相关非遗：{project.relatedItem}</p>
                    <div className="card-actions justify-end">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        aria-label={`捐赠：${project.title}`}
                        onClick={() => choose(project)}
                      >
                        捐赠
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      {chosen && session && <DonateFlow project={chosen} user={session.user} onClose={() => setChosen(undefined)} />}
    </>
  );
}
