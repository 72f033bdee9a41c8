/**
 * Marks each home module while it is on screen (data-in-view), so that its decorative motion runs only then: off
 * screen, an endless animation still costs the page a style pass every frame.
 */
const modules = document.querySelectorAll<HTMLElement>('[data-home-module]');
if (modules.length > 0 && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) (entry.target as HTMLElement).toggleAttribute('data-in-view', entry.isIntersecting);
  });
  for (const module of modules) observer.observe(module);
}
