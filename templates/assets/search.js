/* bookgen search: full text over a chunked index (search/index.json and the files it names),
   loaded part by part as you type; no dependencies, no build step. The header box shows the
   first results; Enter opens the results page (search/), whose script is search-page.js.
   Without JavaScript the header form goes to the all-books list. */
(() => {
  "use strict";

  /* ---- Folding and tokens: the rules of Sources/SearchIndex (SearchFolding, SearchTokenizer).
     Tests/Fixtures/search-tokens.json holds the cases both must pass (the quality gate runs
     them here, the Swift tests there). */
  const STRIP = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
  const fold = (text) =>
    String(text).normalize("NFKD").toLowerCase().replace(STRIP, "").replace(/ς/g, "σ").normalize("NFC");
  const CJK = [
    [0x1100, 0x11ff], [0x2e80, 0x2fdf], [0x3005, 0x3007], [0x3021, 0x3029], [0x3031, 0x3035],
    [0x3038, 0x303c], [0x3041, 0x309f], [0x30a1, 0x30fa], [0x30fc, 0x30ff], [0x3105, 0x312f],
    [0x3131, 0x318e], [0x31a0, 0x31bf], [0x31f0, 0x31ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff],
    [0xa960, 0xa97f], [0xac00, 0xd7ff], [0xf900, 0xfaff], [0xff66, 0xff9f], [0x1b000, 0x1b16f],
    [0x20000, 0x3134f],
  ];
  const isCJK = (code) => CJK.some(([low, high]) => code >= low && code <= high);
  const WORD = /[\p{L}\p{M}\p{N}]/u;
  const MARK = /\p{M}/u;
  const MAX_WORD = 40;
  const isDigit = (code) => code >= 0x30 && code <= 0x39;

  /* Tokens of already folded text: {text, cjk, starts, ends} (starts/ends: a CJK pair's place in
     its run). Words of letters, marks and digits (a hyphen between digits joins them); CJK runs
     as overlapping pairs, a one-character run as that character. */
  const tokensOfFolded = (folded) => {
    const chars = Array.from(folded);
    const codes = chars.map((c) => c.codePointAt(0));
    const isWord = (i) => WORD.test(chars[i]);
    const isMark = (i) => codes[i] >= 0x300 && MARK.test(chars[i]);
    const tokens = [];
    let i = 0;
    while (i < chars.length) {
      if (isCJK(codes[i])) {
        const units = [];
        while (i < chars.length) {
          if (units.length && isMark(i)) units[units.length - 1] += chars[i];
          else if (isCJK(codes[i])) units.push(chars[i]);
          else break;
          i++;
        }
        if (units.length === 1) tokens.push({ text: units[0], cjk: true, starts: true, ends: true });
        for (let k = 0; k + 1 < units.length; k++) {
          tokens.push({ text: units[k] + units[k + 1], cjk: true, starts: k === 0, ends: k === units.length - 2 });
        }
      } else if (isWord(i)) {
        let word = "", length = 0, last = codes[i];
        while (i < chars.length) {
          if (isWord(i) && !isCJK(codes[i])) {
            if (length < MAX_WORD) word += chars[i];
            length++;
            last = codes[i];
          } else if (!((codes[i] === 0x2d || codes[i] === 0x2010) && isDigit(last) && i + 1 < chars.length &&
              (isDigit(codes[i + 1]) || (codes[i + 1] === 0x78 && (i + 2 === chars.length || !isWord(i + 2)))))) {
            break;
          }
          i++;
        }
        tokens.push({ text: word, cjk: false });
      } else {
        i++;
      }
    }
    return tokens;
  };
  const tokenize = (text) => tokensOfFolded(fold(text));
  /* The token table's notation: words as they are, CJK pairs with ^ (starts its run) and $ (ends it). */
  const tokenStrings = (text) =>
    tokenize(text).map((t) => (t.cjk ? (t.starts ? "^" : "") + t.text + (t.ends ? "$" : "") : t.text));

  /* Code point order (the index's byte order), not JavaScript's UTF-16 order. */
  const compare = (a, b) => {
    for (let i = 0, j = 0; i < a.length && j < b.length;) {
      const x = a.codePointAt(i), y = b.codePointAt(j);
      if (x !== y) return x < y ? -1 : 1;
      i += x > 0xffff ? 2 : 1;
      j += y > 0xffff ? 2 : 1;
    }
    return a.length - b.length;
  };
  const decoder = new TextDecoder();
  /* An unsigned LEB128 varint of `bytes` at `at.pos`, which it moves past. */
  const varint = (bytes, at) => {
    let value = 0, scale = 1, byte;
    do {
      byte = bytes[at.pos++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };

  /* A chunk of the term index: `count` terms, each front-coded against the one before, with its
     posting count and bytes (Sources/SearchIndex/TermIndex.swift). */
  const decodeChunk = (buffer) => {
    const bytes = new Uint8Array(buffer);
    const at = { pos: 0 };
    const count = varint(bytes, at);
    const terms = new Array(count);
    let previous = new Uint8Array(0);
    for (let i = 0; i < count; i++) {
      const shared = varint(bytes, at), length = varint(bytes, at);
      const key = new Uint8Array(shared + length);
      key.set(previous.subarray(0, shared));
      key.set(bytes.subarray(at.pos, at.pos + length), shared);
      at.pos += length;
      const postings = varint(bytes, at), size = varint(bytes, at);
      terms[i] = { term: decoder.decode(key), postings, start: at.pos, end: at.pos + size };
      at.pos += size;
      previous = key;
    }
    return { bytes, terms };
  };

  /* Each posting: the gap to the previous slot (minus one), times 4 (words) or 64 (CJK), plus
     the flags: words 1 primary, 2 secondary; CJK per field (primary, then secondary × 8)
     1 present, 2 at a run's start, 4 at its end. */
  const forEachPosting = (chunk, entry, cjk, visit) => {
    const scale = cjk ? 64 : 4;
    const at = { pos: entry.start };
    let slot = -1;
    while (at.pos < entry.end) {
      const value = varint(chunk.bytes, at);
      slot += Math.floor(value / scale) + 1;
      visit(slot, value % scale);
    }
  };

  /* Grades of a match, best first: primary fields (title, subtitle, authors) before the rest,
     exact before prefix before the middle of a CJK run. */
  const EXACT = 0, PREFIX = 1, OTHER = 2, SECONDARY = 3, NONE = 255;
  const PREFIX_CHUNKS = 2;

  /* The query as groups that must all match: words (exact, or as a prefix from two characters
     on) and CJK runs (all their pairs; one character as a prefix of pairs). */
  const groupsOf = (query) => {
    const groups = [];
    for (const token of tokenize(query)) {
      if (!token.cjk) groups.push({ kind: "word", text: token.text, prefix: token.text.length >= 2 });
      else if (token.starts && token.ends && Array.from(token.text).length === 1) {
        groups.push({ kind: "char", text: token.text });
      } else if (token.starts) groups.push({ kind: "run", pairs: [token.text], text: token.text });
      else {
        const run = groups[groups.length - 1];
        run.pairs.push(token.text);
        run.text += Array.from(token.text).slice(1).join("");
      }
    }
    return groups;
  };

  /* One index: its manifest, then chunks, documents and facets as they are asked for, each
     fetched once. */
  const openIndex = (manifestURL) => {
    const folder = new URL(".", manifestURL);
    const root = new URL("..", folder);
    let manifest = null, loading = null;
    const files = new Map();
    const fetchOnce = (path, kind) => {
      if (!files.has(path)) {
        const promise = fetch(new URL(path, folder)).then((response) => {
          if (!response.ok) throw new Error(`${path}: ${response.status}`);
          return kind === "json" ? response.json() : response.arrayBuffer();
        }).then((body) => (kind === "chunk" ? decodeChunk(body) : body));
        promise.catch(() => files.delete(path));
        files.set(path, promise);
      }
      return files.get(path);
    };
    const ready = (path) => files.has(path);
    const documentPath = (slot) =>
      "d/" + (slot >> manifest.documentBits).toString(36) + ".json?v=" + manifest.version;

    const load = () => (loading = loading || fetch(manifestURL, { cache: "no-cache" })
      .then((response) => {
        if (!response.ok) throw new Error(`index: ${response.status}`);
        return response.json();
      })
      .then((value) => {
        if (value.format !== 1) throw new Error(`index format ${value.format}`);
        manifest = value;
        return value;
      })
      .catch((error) => {
        loading = null;
        throw error;
      }));

    /* The chunk holding `term`, and for a prefix the next ones whose first term starts with it. */
    const chunksFor = (term, prefix) => {
      const bounds = manifest.terms.bounds;
      let low = 0, high = bounds.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (compare(bounds[middle], term) <= 0) low = middle;
        else high = middle - 1;
      }
      const found = [low];
      while (prefix && found.length < PREFIX_CHUNKS && low + found.length < bounds.length &&
        bounds[low + found.length].startsWith(term)) found.push(low + found.length);
      return found.map((i) => "t/" + manifest.terms.files[i] + ".bin");
    };
    const lookups = (groups) => groups.flatMap((group) => {
      if (group.kind === "word") return [[group.text, group.prefix]];
      if (group.kind === "char") return [[group.text, true]];
      return group.pairs.map((pair) => [pair, false]);
    });
    const plan = (groups) => [...new Set(lookups(groups).flatMap(([term, prefix]) => chunksFor(term, prefix)))];

    /* The terms of the loaded chunks equal to `term`, or starting with it. */
    const entries = (chunks, term, prefix) => {
      const found = [];
      for (const chunk of chunks) {
        const { terms } = chunk;
        let low = 0, high = terms.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (compare(terms[middle].term, term) < 0) low = middle + 1;
          else high = middle;
        }
        for (let i = low; i < terms.length; i++) {
          const entry = terms[i];
          if (entry.term === term) found.push([chunk, entry, true]);
          else if (prefix && entry.term.startsWith(term)) found.push([chunk, entry, false]);
          else break;
        }
      }
      return found;
    };

    /* Each document's grade for one group (NONE: no match) and the slots that matched. */
    const grade = (group, chunks) => {
      const grades = new Uint8Array(1 << manifest.slotBits).fill(NONE);
      const slots = [];
      const set = (slot, value) => {
        if (grades[slot] === NONE) slots.push(slot);
        if (value < grades[slot]) grades[slot] = value;
      };
      if (group.kind === "word") {
        for (const [chunk, entry, exact] of entries(chunks, group.text, group.prefix)) {
          const kind = exact ? EXACT : PREFIX;
          forEachPosting(chunk, entry, false, (slot, flags) => set(slot, flags & 1 ? kind : SECONDARY + kind));
        }
      } else if (group.kind === "char") {
        for (const [chunk, entry, exact] of entries(chunks, group.text, true)) {
          forEachPosting(chunk, entry, true, (slot, flags) => {
            const field = flags & 1 ? flags & 7 : flags >> 3;
            const kind = exact ? ((field & 6) === 6 ? EXACT : OTHER) : field & 2 ? PREFIX : OTHER;
            set(slot, (flags & 1 ? 0 : SECONDARY) + kind);
          });
        }
      } else {
        // Every pair must be there; the run is exact in a field that holds all its pairs when
        // its first pair starts a run there and its last ends one, a prefix when the first starts one.
        const unique = [...new Set(group.pairs)];
        const flags = unique.map((pair) => {
          const bySlot = new Map();
          for (const [chunk, entry] of entries(chunks, pair, false)) {
            forEachPosting(chunk, entry, true, (slot, bits) => bySlot.set(slot, bits));
          }
          return bySlot;
        });
        const head = flags[unique.indexOf(group.pairs[0])];
        const tail = flags[unique.indexOf(group.pairs[group.pairs.length - 1])];
        const rarest = flags.reduce((a, b) => (a.size <= b.size ? a : b));
        for (const slot of rarest.keys()) {
          if (!flags.every((bySlot) => bySlot.has(slot))) continue;
          let best = SECONDARY + OTHER;
          for (const shift of [0, 3]) {
            if (!flags.every((bySlot) => (bySlot.get(slot) >> shift) & 1)) continue;
            const h = head.get(slot) >> shift, t = tail.get(slot) >> shift;
            const kind = h & 2 && t & 4 ? EXACT : h & 2 ? PREFIX : OTHER;
            best = Math.min(best, (shift ? SECONDARY : 0) + kind);
          }
          set(slot, best);
        }
      }
      return { grades, slots };
    };

    const api = {
      load,
      /* Whether a query can be answered without fetching. */
      isReady: (query) => Boolean(manifest) && plan(groupsOf(query)).every(ready),
      /* The hits of a query, best first: [{slot, score}] (score: the sum of the groups' grades). */
      search: async (query) => {
        await load();
        const groups = groupsOf(query);
        if (!groups.length) return [];
        const paths = plan(groups);
        const chunks = await Promise.all(paths.map((path) => fetchOnce(path, "chunk")));
        const graded = groups.map((group) => grade(group, chunks)).sort((a, b) => a.slots.length - b.slots.length);
        const hits = [];
        for (const slot of graded[0].slots) {
          let score = 0;
          for (const { grades } of graded) {
            if (grades[slot] === NONE) {
              score = -1;
              break;
            }
            score += grades[slot];
          }
          if (score >= 0) hits.push({ slot, score });
        }
        return hits.sort((a, b) => a.score - b.score || a.slot - b.slot);
      },
      /* What a result shows: {url, title, subtitle, authors, thumbnail, detail, texts}, from the
         file of its group of slots ([[slot, url, title, …], …]). */
      document: async (slot) => {
        await load();
        const records = await fetchOnce(documentPath(slot), "json");
        const [, url, title, subtitle, authors, thumb, detail, texts] = records.find((r) => r[0] === slot);
        return {
          url: new URL(url, root).href, title, subtitle, authors, detail, texts,
          // An id the manifest's template takes (a Google volume's), else the image's own URL
          // (a source's https one, or the site's own cover under any base URL).
          thumbnail: thumb && /^[\w-]+$/.test(thumb) && manifest.thumbnail
            ? manifest.thumbnail.replace("{id}", thumb) : thumb,
        };
      },
      documentReady: (slot) => Boolean(manifest) && ready(documentPath(slot)),
      /* The facets, their value names, and each slot's values ([[value indices] per facet]). */
      facets: async (slots) => {
        await load();
        const { kinds, values, rangeBits, files: names } = manifest.facets;
        const ranges = [...new Set(slots.map((slot) => slot >> rangeBits))].filter((r) => names[r]);
        const [table, ...chunks] = await Promise.all([fetchOnce("f/" + values + ".json", "json"),
          ...ranges.map((r) => fetchOnce("f/" + names[r] + ".bin", "bin"))]);
        // Per file: a bit width per facet, a bitmap of the range's slots, then per document and
        // facet each value + 1 in `width` bits and a bit saying another follows (0: no value).
        const bySlot = new Map();
        chunks.forEach((buffer, index) => {
          const bytes = new Uint8Array(buffer), at = { pos: 0 };
          const widths = kinds.map(() => varint(bytes, at));
          const map = at.pos, size = 1 << rangeBits;
          let bit = (map + Math.ceil(size / 8)) * 8;
          const read = (width) => {
            let value = 0;
            for (let i = 0; i < width; i++, bit++) value += ((bytes[bit >> 3] >> (bit & 7)) & 1) * 2 ** i;
            return value;
          };
          for (let offset = 0; offset < size; offset++) {
            if (!((bytes[map + (offset >> 3)] >> (offset & 7)) & 1)) continue;
            bySlot.set((ranges[index] << rangeBits) + offset, widths.map((width) => {
              const list = [];
              for (let value = read(width); value; value = read(width)) {
                list.push(value - 1);
                if (!read(1)) break;
              }
              return list;
            }));
          }
        });
        return { kinds, values: table, bySlot };
      },
      facetKinds: () => (manifest ? manifest.facets.kinds : []),
      strings: () => (manifest && manifest.strings) || {},
    };
    return api;
  };

  /* Which characters of `text` a query matches: words whose folded form starts with (or is)
     a query word, and every occurrence of a query's CJK run or character. */
  const matches = (text, groups) => {
    const chars = Array.from(text);
    const folded = chars.map((c) => fold(c));
    const marks = new Uint8Array(chars.length);
    const isWordAt = (i) => folded[i] !== "" && WORD.test(folded[i]) && !isCJK(folded[i].codePointAt(0));
    for (let i = 0; i < chars.length;) {
      if (!isWordAt(i)) {
        i++;
        continue;
      }
      let j = i, word = "";
      while (j < chars.length && (folded[j] === "" || isWordAt(j))) word += folded[j++];
      if (groups.some((g) => g.kind === "word" && (g.prefix ? word.startsWith(g.text) : word === g.text))) {
        marks.fill(1, i, j);
      }
      i = j;
    }
    const joined = folded.join("");
    const offsets = [];
    let offset = 0;
    for (const piece of folded) {
      offsets.push(offset);
      offset += piece.length;
    }
    for (const group of groups) {
      if (group.kind === "word") continue;
      for (let at = joined.indexOf(group.text); at >= 0; at = joined.indexOf(group.text, at + 1)) {
        const start = offsets.findIndex((o) => o >= at);
        let end = start;
        while (end < chars.length && offsets[end] < at + group.text.length) end++;
        marks.fill(1, start, end);
      }
    }
    return { chars, marks };
  };

  /* The excerpt of a result: about `length` characters of the first text with a match, around
     its first match, as [text, marked] pieces; the start of the first text when none matches. */
  const excerpt = (texts, query, length = 150) => {
    if (!texts.length) return [];
    const groups = groupsOf(query);
    const found = texts.map((text) => matches(text, groups));
    const { chars, marks } = found.find((f) => f.marks.includes(1)) || found[0];
    const first = marks.indexOf(1);
    let start = first < 0 ? 0 : Math.max(0, first - Math.floor(length / 3));
    while (start > 0 && first - start < length / 2 && !/\s/.test(chars[start - 1])) start--;
    const end = Math.min(chars.length, start + length);
    const pieces = start > 0 ? [["…", false]] : [];
    for (let i = start; i < end;) {
      let j = i;
      while (j < end && marks[j] === marks[i]) j++;
      pieces.push([chars.slice(i, j).join(""), marks[i] === 1]);
      i = j;
    }
    if (end < chars.length) pieces.push(["…", false]);
    return pieces;
  };

  const script = document.currentScript;
  const scriptURL = script ? script.src : location.href;
  const manifestURL = new URL((script && script.getAttribute("data-index")) || "../search/index.json", scriptURL);
  const pageURL = new URL((script && script.getAttribute("data-page")) || "../search/", scriptURL);
  const index = openIndex(manifestURL);
  const make = (tag, props) => Object.assign(document.createElement(tag), props);
  const format = (template, values) => String(template || "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const countText = (strings, count) =>
    count === 1 ? strings.searchCountOne : format(strings.searchCount, { count: count.toLocaleString() });
  const appendExcerpt = (parent, pieces) => {
    for (const [text, marked] of pieces) parent.append(marked ? make("mark", { textContent: text }) : text);
  };

  window.bookgenSearch = { fold, tokenize, tokenStrings, groupsOf, openIndex, excerpt, index, pageURL, format,
    countText, appendExcerpt, make };

  /* ---- The header box: the first results as you type. */
  const form = document.querySelector("form[role=search]");
  const input = form && form.querySelector("input[type=search]");
  if (!input || !window.fetch) return;
  form.action = pageURL.href;
  const QUICK = 8;
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
  let timer = 0, generation = 0;

  const clear = () => {
    generation++;
    list.textContent = status.textContent = "";
    list.hidden = true;
  };

  const show = async (query, run) => {
    const hits = await index.search(query);
    const shown = await Promise.all(hits.slice(0, QUICK).map((hit) => index.document(hit.slot)));
    if (run !== generation) return;
    const strings = index.strings();
    list.textContent = "";
    for (const doc of shown) {
      const link = make("a", { href: doc.url });
      if (doc.thumbnail) link.append(make("img", { src: doc.thumbnail, alt: "", width: 32, height: 48, loading: "lazy",
        decoding: "async", referrerPolicy: "no-referrer" }));
      const text = make("span", { textContent: doc.title });
      const byline = [doc.authors.join(", "), doc.detail].filter(Boolean).join(" · ");
      if (byline) text.append(make("br"), make("small", { textContent: byline }));
      const pieces = excerpt(doc.texts, query, 90);
      if (pieces.some(([, marked]) => marked)) {
        const line = make("small", { className: "search-excerpt" });
        appendExcerpt(line, pieces);
        text.append(make("br"), line);
      }
      link.append(text);
      const item = make("li");
      item.append(link);
      list.append(item);
    }
    if (hits.length > QUICK) {
      const url = new URL(pageURL);
      url.searchParams.set("q", query);
      const item = make("li", { className: "search-all" });
      item.append(make("a", { href: url.href, textContent: format(strings.searchSeeAll, { count: hits.length.toLocaleString() }) }));
      list.append(item);
    }
    list.hidden = !hits.length;
    status.textContent = hits.length ? countText(strings, hits.length) : strings.searchNone || "No results";
  };

  const search = () => {
    clearTimeout(timer);
    const query = input.value;
    if (!tokenize(query).length) return clear();
    const run = ++generation;
    const go = () => show(query, run).catch(() => {
      if (run === generation) status.textContent = index.strings().searchError || "Search is unavailable";
    });
    // Answered at once when the index parts are here; otherwise once typing pauses.
    if (index.isReady(query)) go();
    else timer = setTimeout(go, 100);
  };

  input.addEventListener("input", search);
  input.addEventListener("focus", () => index.load().catch(() => {}), { once: true });
  const links = () => Array.from(list.querySelectorAll("a"));
  const move = (event) => {
    if (event.key === "Escape") {
      input.value = "";
      clear();
      input.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = links();
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    const next = event.key === "ArrowDown" ? (at + 1) % all.length : at <= 0 ? -1 : at - 1;
    event.preventDefault();
    (next < 0 ? input : all[next]).focus();
  };
  input.addEventListener("keydown", move);
  list.addEventListener("keydown", move);
  if (!document.querySelector("[data-search-page]")) {
    const initial = new URLSearchParams(location.search).get("q");
    if (initial && !input.value) {
      input.value = initial;
      search();
    }
  }
})();
