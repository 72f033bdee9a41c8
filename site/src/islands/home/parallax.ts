/**
 * The 'cloud charity' parallax: clouds and heritage seals drift against the pointer, each by its own depth
 * (data-parallax). Nothing moves with prefers-reduced-motion or on a touch screen.
 */
const section = document.querySelector<HTMLElement>('#home-charity');
const calm = window.matchMedia('(prefers-reduced-motion: reduce), (hover: none)');

if (section) {
  const layers = Array.from(section.querySelectorAll<HTMLElement>('[data-parallax]'));
  let frame = 0;
  let x = 0;
  let y = 0;
  section.addEventListener('pointermove', (event) => {
    if (calm.matches) return;
    const box = section.getBoundingClientRect();
    x = (event.clientX - box.left) / box.width - 0.5;
    y = (event.clientY - box.top) / box.height - 0.5;
    frame ||= window.requestAnimationFrame(() => {
      frame = 0;
      for (const layer of layers) {
        const depth = Number(layer.dataset.parallax) || 0;
        layer.style.transform = `translate(${(-x * 24 * depth).toFixed(1)}px, ${(-y * 16 * depth).toFixed(1)}px)`;
      }
    });
  });
  section.addEventListener('pointerleave', () => layers.forEach((layer) => (layer.style.transform = '')));
}
