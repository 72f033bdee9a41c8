/**
 * The national-list browser (/minglu): the page holds every item as a static row (past each category's first rows, in
 * a closed <details>); this script filters the rows in place (no reload, no API call), shows how many items each choice would keep, and writes the choice into the address
 * so that a filtered view can be shared. The rules are in lib/minglu/filter.ts.
 */
import {
  applyFilter,
  decodeEntries,
  facetCounts,
  readFilter,
  writeFilter,
  type BrowserItem,
  type Choices,
  type Facet,
  type Filter,
} from '../../lib/minglu/filter.ts';

const FACETS: Facet[] = ['category', 'province', 'batch', 'kind'];

function setUp(form: HTMLFormElement) {
  const rows = [...document.querySelectorAll<HTMLLIElement>('li[data-item]')];
  // The keyword is matched against the row's name and serial and its address's slug ('京剧 Ⅳ-28 iv-28'). Read from
  // the 1,557 rows when first needed, not while the page loads (a plain visit never filters).
  let read: BrowserItem[] | undefined;
  const items = (): BrowserItem[] =>
    (read ??= rows.map((row) => ({
      category: Number(row.dataset.c),
      text: [
        row.querySelector('strong')?.textContent,
        row.querySelector('small')?.textContent,
        row.querySelector('a')?.pathname.split('/').pop(),
      ].join(' '),
      entries: decodeEntries(row.dataset.e ?? ''),
    })));
  const sections = [...document.querySelectorAll<HTMLElement>('section[data-section]')];
  const status = document.getElementById('minglu-count');
  const empty = document.getElementById('minglu-empty');
  const select = (name: Facet) => form.elements.namedItem(name) as HTMLSelectElement;
  const keyword = form.elements.namedItem('q') as HTMLInputElement;
  // The label of each option without its count ('北京（52）' → '北京'), to rewrite the count.
  const labels = new Map<HTMLOptionElement, string>();
  for (const facet of FACETS) for (const option of select(facet).options) labels.set(option, option.text.replace(/（[\d,]+）$/, ''));

  const values = (facet: Facet) => [...select(facet).options].map((o) => o.value).filter(Boolean);
  const choices: Choices = {
    categories: new Set(values('category').map(Number)),
    provinces: new Set(values('province')),
    batches: new Set(values('batch').map(Number)),
  };

  const fromForm = (): Filter =>
    readFilter(
      new URLSearchParams({
        category: select('category').value,
        province: select('province').value,
        batch: select('batch').value,
        kind: select('kind').value,
        q: keyword.value,
      }).toString(),
      choices,
    );

  const toForm = (filter: Filter) => {
    select('category').value = filter.category === undefined ? '' : String(filter.category);
    select('province').value = filter.province ?? '';
    select('batch').value = filter.batch === undefined ? '' : String(filter.batch);
    select('kind').value = filter.kind ?? '';
    keyword.value = filter.q ?? '';
  };

  const format = (n: number) => n.toLocaleString('zh-CN');

  const results = document.getElementById('minglu-results');
  const more = [...document.querySelectorAll<HTMLDetailsElement>('details[data-more]')];

  const show = (filter: Filter) => {
    const kept = applyFilter(items(), filter);
    rows.forEach((row, i) => (row.hidden = !kept[i]));
    // Unfiltered, each category shows its first rows and offers the rest; filtered, every matching row shows.
    const filtered = Object.values(filter).some((value) => value !== undefined && value !== '');
    results?.toggleAttribute('data-filtered', filtered);
    for (const details of more) details.open = filtered;
    let total = 0;
    for (const section of sections) {
      const inSection = section.querySelectorAll('li[data-item]:not([hidden])').length;
      total += inSection;
      section.hidden = inSection === 0;
      const count = section.querySelector('[data-section-count]');
      if (count) count.textContent = format(inSection);
    }
    for (const facet of FACETS) {
      const counts = facetCounts(items(), filter, facet);
      const unset = { ...filter };
      delete unset[facet];
      const any = applyFilter(items(), unset).filter(Boolean).length;
      for (const option of select(facet).options) {
        const n = option.value ? (counts.get(option.value) ?? 0) : any;
        option.text = `${labels.get(option)}（${format(n)}）`;
        // A choice that would keep nothing cannot be picked, unless it is the current one.
        option.disabled = option.value !== '' && n === 0 && !option.selected;
      }
    }
    if (status) status.textContent = `共 ${format(total)} 个项目`;
    if (empty) empty.hidden = total > 0;
  };

  const update = () => {
    const filter = fromForm();
    show(filter);
    const url = `${window.location.pathname}${writeFilter(filter)}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  };

  form.addEventListener('change', update);
  form.addEventListener('input', (event) => {
    if (event.target === keyword) update();
  });
  // Enter in the keyword box filters; it never reloads the page.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  form.addEventListener('reset', (event) => {
    event.preventDefault();
    toForm({});
    update();
    select('category').focus();
  });

  const initial = readFilter(window.location.search, choices);
  toForm(initial);
  if (window.location.search) show(initial);
}

const form = document.getElementById('minglu-filter');
if (form instanceof HTMLFormElement) setUp(form);
