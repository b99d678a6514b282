/* The site's behaviour: the language switch (remembered), the search box on every page
 * (results as you type, from the index loaded once), search.html?q=QUERY, and, when the
 * site is served over HTTPS, the manifest and the service worker that keep it offline. */
(function () {
  "use strict";
  var doc = document.documentElement;
  var root = document.body.getAttribute("data-root") || "";
  var langs = (doc.getAttribute("data-langs") || "ja").split(" ");
  var WORDS = {
    none: { ja: "該当する条文はありません", en: "Nothing in the rules matches" },
    loading: { ja: "索引を読み込み中…", en: "Loading the index…" },
    count: { ja: "{n}件", en: "{n} results" },
    all: { ja: "すべての結果", en: "All results" },
    error: { ja: "検索できません", en: "Cannot search" },
    unsure: { ja: "自信がありません。近い候補です", en: "Not sure: these are the closest candidates" }
  };
  function say(key, n) {
    return langs.map(function (l) { return WORDS[key][l].replace("{n}", n); }).join(" / ");
  }

  // -- the language switch -------------------------------------------------------------
  var buttons = Array.prototype.slice.call(document.querySelectorAll(".langs button"));
  function pressed() {
    var show = doc.getAttribute("data-show");
    buttons.forEach(function (b) { b.setAttribute("aria-pressed", String(b.getAttribute("data-show") === show)); });
  }
  buttons.forEach(function (b) {
    b.addEventListener("click", function () {
      var show = b.getAttribute("data-show");
      doc.setAttribute("data-show", show);
      try { localStorage.setItem("seven-lang", show); } catch (e) { /* private mode: not remembered */ }
      pressed();
    });
  });
  pressed();

  // -- offline: only where a service worker may run (HTTPS, or localhost for testing) ------
  var secure = location.protocol === "https:" ||
    (location.protocol === "http:" && (location.hostname === "localhost" || location.hostname === "127.0.0.1"));
  if (secure) {
    var link = document.createElement("link");
    link.rel = "manifest";
    link.href = root + "manifest.webmanifest";
    document.head.appendChild(link);
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register(root + "sw.js").catch(function () { /* the site still works online */ });
    }
  }

  // -- search ----------------------------------------------------------------------------
  var pipeline = null, loading = null;
  function script(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  // search-index.js holds the index as gzipped JSON in base64 (a third of its size).
  function inflate(packed) {
    var bytes = Uint8Array.from(atob(packed), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function load() {
    if (pipeline) return Promise.resolve(pipeline);
    if (!loading) {
      loading = script(root + "assets/search.js")
        .then(function () { return self.SEVEN_INDEX ? null : script(root + "assets/search-index.js"); })
        .then(function () { return self.SEVEN_INDEX || inflate(self.SEVEN_INDEX_GZ); })
        .then(function (index) {
          self.SEVEN_INDEX = index;
          pipeline = self.SevenSearch.create(index);
          return pipeline;
        });
    }
    return loading;
  }

  function item(m) {
    var shown = self.SEVEN_INDEX.shown[m.id] || ["", {}];
    var li = document.createElement("li");
    li.className = "result";
    li.setAttribute("data-id", m.id);
    if (m.confidence) li.setAttribute("data-confidence", m.confidence);
    var a = document.createElement("a");
    a.href = root + shown[0];
    var rid = document.createElement("span");
    rid.className = "rid";
    rid.textContent = m.id;
    a.appendChild(rid);
    langs.forEach(function (l) {
      if (!shown[1][l]) return;
      var t = document.createElement("span");
      t.setAttribute("lang", l);
      t.className = "first";
      t.textContent = shown[1][l];
      a.appendChild(document.createTextNode(" "));
      a.appendChild(t);
    });
    li.appendChild(a);
    var via = document.createElement("span");
    via.className = "via";
    via.textContent = m.via + " " + Math.round(m.score);
    li.appendChild(via);
    return li;
  }

  function run(query, limit) {
    var p = pipeline;
    try {
      return { results: p.search(query, limit) };
    } catch (e) {
      return { results: [], error: e.input ? e.message : String(e) };
    }
  }

  var input = document.getElementById("q");
  var live = document.getElementById("live");
  var list = document.getElementById("results");
  var status = document.getElementById("status");

  function show(query) {
    var target = list || live;
    if (!query.trim()) {
      target.innerHTML = "";
      if (!list) live.hidden = true;
      return;
    }
    load().then(function () {
      if (input.value !== query && !(list && query === initial)) return; // typed on meanwhile
      var out = run(query, list ? 0 : 8);
      target.innerHTML = "";
      // As seven judge: a first answer it is not sure of is said to be a guess.
      var unsure = out.results.length > 0 && out.results[0].confidence === "low";
      if (unsure && !list) {
        var note = document.createElement("p");
        note.className = "unsure";
        note.textContent = say("unsure");
        live.appendChild(note);
      }
      out.results.forEach(function (m) { target.appendChild(item(m)); });
      if (list) {
        status.textContent = out.error ? say("error") + ": " + out.error
          : out.results.length ? say("count", out.results.length) + (unsure ? " — " + say("unsure") : "")
          : say("none");
        status.setAttribute("data-query", query);
        status.setAttribute("data-confidence", unsure ? "low" : out.results.length ? "high" : "");
      } else {
        if (!out.results.length) {
          var none = document.createElement("p");
          none.textContent = out.error || say("none");
          live.appendChild(none);
        }
        var all = document.createElement("a");
        all.href = root + "search.html?q=" + encodeURIComponent(query);
        all.className = "all";
        all.textContent = say("all");
        live.appendChild(all);
        live.hidden = false;
      }
    }).catch(function (e) {
      if (status) status.textContent = say("error") + ": " + e.message;
    });
  }

  var initial = "";
  if (list) {
    initial = new URLSearchParams(location.search).get("q") || "";
    input.value = initial;
    if (initial) show(initial);
    else load();
  }
  if (input) {
    input.addEventListener("focus", function () { load(); }, { once: true });
    input.addEventListener("input", function () {
      if (list) {
        var url = new URL(location.href);
        url.searchParams.set("q", input.value);
        try { history.replaceState(null, "", url.href); } catch (e) { /* file:// in some browsers */ }
      }
      show(input.value);
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && live) { live.hidden = true; }
    });
  }

  // For tests and other pages' scripts: the pipeline as a promise.
  self.sevenSearch = function (query, limit) {
    return load().then(function () { return run(query, limit || 0); });
  };
})();
