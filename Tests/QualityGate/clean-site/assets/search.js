/* A minimal search box for the gate's clean fixture: filters search-index.json as you type. */
(function () {
  "use strict";
  var input = document.querySelector("input[type=search]");
  var list = document.querySelector("[data-search-results]");
  if (!input || !list) return;
  var index = null;
  input.addEventListener("input", function () {
    (index || (index = fetch("/books/search-index.json").then(function (r) { return r.json(); })))
      .then(function (data) {
        var query = input.value.trim().toLowerCase();
        list.textContent = "";
        data.books.filter(function (book) { return query && book.title.toLowerCase().indexOf(query) >= 0; })
          .forEach(function (book) {
            var item = document.createElement("li");
            var link = document.createElement("a");
            link.href = book.url;
            link.textContent = book.title;
            item.appendChild(link);
            list.appendChild(item);
          });
      });
  });
})();
