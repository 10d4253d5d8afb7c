/* bookgen search: filters search-index.json as you type; without JS the form goes to all books. */
(function () {
  "use strict";
  var script = document.currentScript;
  var form = document.querySelector("form[role=search]");
  var input = form && form.querySelector("input[type=search]");
  if (!input || !window.fetch) return;
  var data = function (name, fallback) {
    return form.getAttribute("data-" + name) || (script && script.getAttribute("data-" + name)) || fallback;
  };
  var indexURL = new URL(data("index", "../search-index.json"), script ? script.src : location.href);
  var base = new URL(".", indexURL);
  var limit = 20;
  var books = null, loading = null, timer = 0;

  var list = document.querySelector("[data-search-results]");
  if (!list) {
    list = document.createElement("ul");
    list.setAttribute("data-search-results", "");
    list.className = "search-results";
    form.appendChild(list);
  }
  list.id = list.id || "search-results";
  var status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  form.appendChild(status);
  input.setAttribute("aria-controls", list.id);

  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function load() {
    loading = loading || fetch(indexURL).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    }).then(function (index) {
      books = index.books.map(function (row) {
        var names = function (refs, table) { return refs.map(function (i) { return table[i]; }); };
        var thumb = row[7] && row[7].indexOf("https://") !== 0 ? index.thumbnail.replace("{id}", row[7]) : row[7];
        var text = [row[0], row[1]].concat(row[2], row[3], names(row[4], index.categories), names(row[5], index.collections));
        return { title: row[0], authors: row[2].join(", "), url: new URL(row[6], base).href, thumb: thumb,
                 key: fold(text.join("\n")), titleKey: fold(row[0]) };
      });
    });
    return loading;
  }

  function clear() {
    list.textContent = "";
    status.textContent = "";
  }

  function show() {
    var query = fold(input.value).trim();
    if (!query) return clear();
    var terms = query.split(/\s+/);
    var hits = [];
    for (var i = 0; i < books.length; i++) {
      var book = books[i];
      if (terms.every(function (t) { return book.key.indexOf(t) >= 0; })) {
        hits.push([book.titleKey.indexOf(query) === 0 ? 0 : book.titleKey.indexOf(query) > 0 ? 1 : 2, i]);
      }
    }
    hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    list.textContent = "";
    hits.slice(0, limit).forEach(function (hit) {
      var book = books[hit[1]];
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = book.url;
      if (book.thumb) {
        var image = document.createElement("img");
        image.src = book.thumb;
        image.alt = "";
        image.width = 32;
        image.height = 48;
        image.loading = "lazy";
        link.appendChild(image);
      }
      var title = document.createElement("span");
      title.textContent = book.title;
      link.appendChild(title);
      if (book.authors) {
        var authors = document.createElement("small");
        authors.textContent = book.authors;
        link.appendChild(authors);
      }
      item.appendChild(link);
      list.appendChild(item);
    });
    status.textContent = hits.length ? data("count", "{count} results").replace("{count}", hits.length)
                                     : data("none", "No results");
  }

  function search() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      load().then(show, function () { status.textContent = data("error", "Search is unavailable"); });
    }, 120);
  }

  input.addEventListener("input", search);
  input.addEventListener("focus", function () { load().catch(function () {}); }, { once: true });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      input.value = "";
      clear();
    }
  });
  var initial = new URLSearchParams(location.search).get("q");
  if (initial && !input.value) {
    input.value = initial;
    search();
  }
})();
