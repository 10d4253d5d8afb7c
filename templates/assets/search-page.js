/* bookgen search results page (search/): every result of ?q=, filtered by facets, a page at a
   time; the query, filters and page live in the URL. Uses search.js (window.bookgenSearch). */
(() => {
  "use strict";
  const api = window.bookgenSearch;
  const root = document.querySelector("[data-search-page]");
  if (!api || !root) return;
  const { index, make, format, countText, appendExcerpt } = api;
  const form = root.querySelector("form");
  const input = form.querySelector("input[type=search]");
  const status = root.querySelector("[data-search-status]");
  const list = root.querySelector("[data-search-list]");
  const pages = root.querySelector("[data-search-pages]");
  const facetBox = root.querySelector("[data-search-facets]");
  const heading = root.querySelector("h1");
  const baseTitle = document.title;
  heading.tabIndex = -1;
  const PER_PAGE = 20, SHOWN_VALUES = 6;
  const expanded = new Set();
  let generation = 0, timer = 0;
  // The checkbox a keyboard user just ticked: the filters are drawn again, and it keeps the focus.
  let refocus = null;
  if (window.matchMedia && window.matchMedia("(min-width: 48rem)").matches) facetBox.open = true;

  /* The state in the URL: q, page and one parameter per selected facet value. */
  const read = () => {
    const params = new URLSearchParams(location.search);
    return { query: params.get("q") || "", page: Math.max(1, parseInt(params.get("page"), 10) || 1), params };
  };
  const urlFor = (query, selected, page) => {
    const url = new URL(location.href);
    url.search = "";
    url.searchParams.set("q", query);
    for (const [id, values] of selected) for (const value of values) url.searchParams.append(id, value);
    if (page > 1) url.searchParams.set("page", String(page));
    return url;
  };
  const selection = (kinds, params) => new Map(kinds.map((kind) => [kind.id, new Set(params.getAll(kind.id))]));

  const navigate = (url, push) => {
    history[push ? "pushState" : "replaceState"](null, "", url);
    render();
  };

  /* Facet counts: for each facet, over the hits that pass the other facets' filters. */
  const tally = (hits, facets, selected) => {
    const names = facets.kinds.map((kind, k) => facets.values[k]);
    const wanted = facets.kinds.map((kind) => selected.get(kind.id));
    const passes = (values, skip) => wanted.every((set, k) =>
      k === skip || !set.size || (values && values[k].some((v) => set.has(names[k][v]))));
    const counts = facets.kinds.map(() => new Map());
    const kept = [];
    for (const hit of hits) {
      const values = facets.bySlot.get(hit.slot);
      if (passes(values, -1)) kept.push(hit);
      facets.kinds.forEach((kind, k) => {
        if (!values || !passes(values, k)) return;
        for (const v of values[k]) counts[k].set(v, (counts[k].get(v) || 0) + 1);
      });
    }
    return { kept, counts, names };
  };

  const renderFacets = (facets, counts, names, selected, query, strings) => {
    facetBox.querySelectorAll("fieldset, .search-clear").forEach((node) => node.remove());
    let any = false;
    facets.kinds.forEach((kind, k) => {
      const chosen = selected.get(kind.id);
      const entries = [...counts[k]].map(([v, n]) => [names[k][v], n]);
      for (const value of chosen) if (!entries.some(([name]) => name === value)) entries.push([value, 0]);
      if (!entries.length) return;
      any = true;
      entries.sort(kind.order === "value-desc"
        ? (a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0)
        : (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      const fieldset = make("fieldset");
      fieldset.append(make("legend", { textContent: kind.label }));
      const ul = make("ul");
      const all = expanded.has(kind.id);
      entries.forEach(([name, n], position) => {
        if (!all && position >= SHOWN_VALUES && !chosen.has(name)) return;
        const box = make("input", { type: "checkbox", name: kind.id, value: name, checked: chosen.has(name) });
        box.addEventListener("change", () => {
          if (document.activeElement === box) refocus = [kind.id, name];
          const next = new Map([...selected].map(([id, set]) => [id, new Set(set)]));
          if (box.checked) next.get(kind.id).add(name);
          else next.get(kind.id).delete(name);
          navigate(urlFor(query, next, 1), true);
        });
        const label = make("label");
        label.append(box, " " + name + " ", make("span", { className: "count", textContent: String(n) }));
        const li = make("li");
        li.append(label);
        ul.append(li);
      });
      fieldset.append(ul);
      if (entries.length > SHOWN_VALUES) {
        const more = make("button", {
          type: "button", className: "search-more",
          textContent: all ? strings.searchShowFewer : format(strings.searchShowMore, { count: entries.length }),
        });
        more.setAttribute("aria-expanded", String(all));
        more.addEventListener("click", () => {
          if (all) expanded.delete(kind.id);
          else expanded.add(kind.id);
          render().then(() => {
            const again = facetBox.querySelector(`fieldset:nth-of-type(${k + 1}) .search-more`);
            if (again) again.focus();
          });
        });
        fieldset.append(more);
      }
      facetBox.append(fieldset);
    });
    if ([...selected.values()].some((set) => set.size)) {
      const clearAll = make("button", { type: "button", className: "search-clear", textContent: strings.searchClearFilters });
      clearAll.addEventListener("click", () => navigate(urlFor(query, new Map(), 1), true));
      facetBox.append(clearAll);
    }
    facetBox.hidden = !any;
    if (refocus) {
      const [id, value] = refocus;
      const box = [...facetBox.querySelectorAll("input[type=checkbox]")].find((b) => b.name === id && b.value === value);
      if (box) box.focus();
      refocus = null;
    }
  };

  const renderPages = (page, total, query, selected, strings) => {
    pages.textContent = "";
    pages.hidden = total <= 1;
    if (total <= 1) return;
    pages.append(make("p", { className: "page-status", textContent: format(strings.pageOf, { number: page, total }) }));
    const ul = make("ul");
    const link = (number, text, rel) => {
      const a = make("a", { href: urlFor(query, selected, number).href, textContent: text });
      if (rel) a.rel = rel;
      if (number === page && !rel) a.setAttribute("aria-current", "page");
      if (!rel) a.setAttribute("aria-label", format(strings.pageNumber, { number }));
      a.addEventListener("click", (event) => {
        event.preventDefault();
        navigate(a.href, true);
        heading.focus();
      });
      const li = make("li");
      li.append(a);
      ul.append(li);
    };
    if (page > 1) link(page - 1, "← " + strings.previous, "prev");
    let last = 0;
    for (let n = 1; n <= total; n++) {
      if (n !== 1 && n !== total && Math.abs(n - page) > 1) continue;
      if (n - last > 1) {
        const gap = make("li", { className: "gap", textContent: "…" });
        gap.setAttribute("aria-hidden", "true");
        ul.append(gap);
      }
      link(n, String(n));
      last = n;
    }
    if (page < total) link(page + 1, strings.next + " →", "next");
    pages.append(ul);
  };

  const renderHits = (docs, query, strings) => {
    list.textContent = "";
    for (const doc of docs) {
      const item = make("li", { className: "search-hit" });
      // The title card (style.css) beneath the cover, or alone without one: the title is beside it.
      const cover = doc.thumbnail
        ? make("img", { className: "cover", src: doc.thumbnail, alt: "", width: 64, height: 96, loading: "lazy",
            decoding: "async", referrerPolicy: "no-referrer" })
        : make("span", { className: "cover" });
      cover.dataset.title = doc.title;
      item.append(cover);
      const body = make("div", { className: "hit-body" });
      const title = make("h2", { className: "hit-title" });
      title.append(make("a", { href: doc.url, textContent: doc.title }));
      body.append(title);
      if (doc.subtitle) body.append(make("p", { className: "hit-sub", textContent: doc.subtitle }));
      const byline = [doc.authors.join(", "), doc.detail].filter(Boolean).join(" · ");
      if (byline) body.append(make("p", { className: "hit-meta", textContent: byline }));
      const pieces = api.excerpt(doc.texts, query);
      if (pieces.length) {
        const text = make("p", { className: "hit-excerpt" });
        appendExcerpt(text, pieces);
        body.append(text);
      }
      item.append(body);
      list.append(item);
    }
  };

  const render = async () => {
    const run = ++generation;
    const { query, page, params } = read();
    if (input.value !== query && document.activeElement !== input) input.value = query;
    try {
      await index.load();
    } catch (error) {
      status.textContent = index.strings().searchError || "Search is unavailable";
      return;
    }
    const strings = index.strings();
    if (!api.tokenize(query).length) {
      list.textContent = "";
      pages.hidden = facetBox.hidden = true;
      status.textContent = strings.searchPrompt;
      return;
    }
    try {
      status.textContent = strings.searchLoading;
      const hits = await index.search(query);
      const facetsLoad = index.facets(hits.map((hit) => hit.slot));
      const kinds = index.facetKinds();
      const selected = selection(kinds, params);
      const filtering = [...selected.values()].some((set) => set.size);
      // Without filters the first page need not wait for the facets.
      let kept = hits;
      if (filtering) kept = tally(hits, await facetsLoad, selected).kept;
      const total = Math.max(1, Math.ceil(kept.length / PER_PAGE));
      const current = Math.min(page, total);
      const docs = await Promise.all(kept.slice((current - 1) * PER_PAGE, current * PER_PAGE)
        .map((hit) => index.document(hit.slot)));
      if (run !== generation) return;
      renderHits(docs, query, strings);
      status.textContent = kept.length ? countText(strings, kept.length) : strings.searchNone;
      renderPages(current, total, query, selected, strings);
      document.title = query + " – " + baseTitle;
      const facets = await facetsLoad;
      if (run !== generation) return;
      const { counts, names } = tally(hits, facets, selected);
      renderFacets(facets, counts, names, selected, query, strings);
    } catch (error) {
      if (run === generation) status.textContent = strings.searchError;
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    navigate(urlFor(input.value, new Map(), 1), true);
  });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    const { params } = read();
    const keep = selection(index.facetKinds(), params);
    timer = setTimeout(() => navigate(urlFor(input.value, keep, 1), false), index.isReady(input.value) ? 0 : 150);
  });
  window.addEventListener("popstate", render);
  render();
})();
