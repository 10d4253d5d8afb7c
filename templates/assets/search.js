/* bookgen search: filters search-index.json as you type; without JS the form goes to all books. */
(() => {
  "use strict";
  const script = document.currentScript;
  const form = document.querySelector("form[role=search]");
  const input = form && form.querySelector("input[type=search]");
  if (!input || !window.fetch) return;
  // Texts and the index location may be set as data-* on the form or the script tag.
  const data = (name, fallback) =>
    form.getAttribute("data-" + name) || (script && script.getAttribute("data-" + name)) || fallback;
  const indexURL = new URL(data("index", "../search-index.json"), script ? script.src : location.href);
  const base = new URL(".", indexURL);
  const limit = 20;
  const make = (tag, props) => Object.assign(document.createElement(tag), props);
  let books = null, loading = null, timer = 0;

  let list = document.querySelector("[data-search-results]");
  if (!list) {
    // At the end of the header (inside its landmark), not in the flex form: readable unstyled.
    list = make("ul", { className: "search-results wrap" });
    list.setAttribute("data-search-results", "");
    (form.closest("header") || form).append(list);
  }
  list.hidden = true;
  const status = make("p", { className: "visually-hidden" });
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  form.append(status);

  // Accents fold away (é → e) and width variants unify; CJK text is matched as substrings.
  const fold = (text) => String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

  const load = () => (loading = loading || fetch(indexURL)
    .then((response) => {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    })
    .then((index) => {
      const names = (refs, table) => refs.map((i) => table[i]);
      books = index.books.map((row) => {
        const [title, subtitle, authors, isbns, categories, collections, url, thumb] = row;
        const text = [title, subtitle, ...authors, ...isbns, ...names(categories, index.categories),
          ...names(collections, index.collections)];
        return {
          title, authors: authors.join(", "), url: new URL(url, base).href,
          thumb: thumb && !thumb.startsWith("https://") ? index.thumbnail.replace("{id}", thumb) : thumb,
          key: fold(text.join("\n")), titleKey: fold(title),
        };
      });
    })
    .catch((error) => {
      loading = null;
      throw error;
    }));

  const clear = () => {
    list.textContent = status.textContent = "";
    list.hidden = true;
  };

  const show = () => {
    const query = fold(input.value).trim();
    if (!query) return clear();
    const terms = query.split(/\s+/);
    const hits = [];
    books.forEach((book, i) => {
      if (!terms.every((term) => book.key.includes(term))) return;
      const at = book.titleKey.indexOf(query);
      hits.push([at === 0 ? 0 : at > 0 ? 1 : 2, i]);
    });
    hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    list.textContent = "";
    for (const [, i] of hits.slice(0, limit)) {
      const book = books[i];
      const link = make("a", { href: book.url });
      if (book.thumb) link.append(make("img", { src: book.thumb, alt: "", width: 32, height: 48, loading: "lazy" }));
      const text = make("span", { textContent: book.title });
      if (book.authors) text.append(make("br"), make("small", { textContent: book.authors }));
      link.append(text);
      const item = make("li");
      item.append(link);
      list.append(item);
    }
    list.hidden = !hits.length;
    status.textContent = hits.length ? data("count", "{count} results").replace("{count}", hits.length)
      : data("none", "No results");
  };

  const search = () => {
    clearTimeout(timer);
    timer = setTimeout(() => load().then(show, () => {
      status.textContent = data("error", "Search is unavailable");
    }), 120);
  };

  input.addEventListener("input", search);
  input.addEventListener("focus", () => load().catch(() => {}), { once: true });
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    input.value = "";
    clear();
  });
  const initial = new URLSearchParams(location.search).get("q");
  if (initial && !input.value) {
    input.value = initial;
    search();
  }
})();
