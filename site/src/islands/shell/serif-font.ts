/**
 * The heading font, after the page has loaded: this page's slices (the characters the build found in its headings,
 * html[data-serif-text]) are fetched, and only when all have arrived does html[data-serif] put the font into the
 * headings' stack. The first screen never waits for the font or shares the line with it, and the headings are laid
 * out once more, not once per slice.
 */
const FAMILY = 'Feiyi Serif';

export function loadSerifFont(root: HTMLElement = document.documentElement): void {
  const text = root.dataset.serifText;
  if (!text || !('fonts' in document)) return;
  const load = () => {
    document.fonts.load(`600 1em "${FAMILY}"`, text).then(
      (faces) => {
        if (faces.length > 0) root.setAttribute('data-serif', '');
      },
      () => {
        // A slice that cannot load leaves the system's serif: the headings read the same.
      },
    );
  };
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}
