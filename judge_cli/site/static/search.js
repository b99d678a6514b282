/* The query pipeline of `seven judge` (judge_cli/lookup/search.py), in the browser.
 *
 * number → exact term or alias (ja or en) → reading → prefix → fuzzy → full text, with the
 * same scores, cut-off and order as the Python pipeline (docs/lookup.md). The tables come
 * from search-index.js, which `seven site` writes from the lookup index of `seven judge`
 * (judge_cli/site/search_index.py); this file holds only the code. Each function names its
 * Python twin.
 */
(function (root) {
  "use strict";

  // -- normalize.py ----------------------------------------------------------------------
  var KANA = "\u3041-\u3096\u30a1-\u30fa\u30fc";

  function escapeClass(s) {
    return s.replace(/[\\\]\[\-^]/g, "\\$&");
  }

  function Folder(ix) {
    var dashes = escapeClass(ix.fold.dashes);
    this.dashAfterKana = new RegExp("(?<=[" + KANA + "])[" + dashes + "]", "gu");
    this.dash = new RegExp("[" + dashes + "]", "gu");
    var trans = {};
    var v = ix.fold.variants;
    for (var k in v) trans[k] = v[k];
    for (var c = 0x30a1; c < 0x30f7; c++) trans[String.fromCharCode(c)] = String.fromCharCode(c - 0x60);
    this.trans = trans;
  }
  Folder.prototype.translate = function (text) {
    var out = "";
    for (var ch of text) out += this.trans[ch] !== undefined ? this.trans[ch] : ch;
    return out;
  };

  var SPACE = /\s+/gu;
  var NOT_KEY = /[^\p{L}\p{N}_\u30fc]+/gu;

  // clean(): no control characters, lone surrogates as U+FFFD, spaces folded.
  function clean(text, max) {
    if (text.length > max) {
      var err = new Error("the query is " + text.length + " characters long; at most " + max + " are searched");
      err.input = true;
      throw err;
    }
    var out = "";
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        var next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          out += text[i] + text[i + 1];
          i++;
          continue;
        }
      }
      if (code >= 0xd800 && code <= 0xdfff) {
        out += "\ufffd";
        continue;
      }
      var ch = text[i];
      if (/[\p{Cc}\p{Cf}]/u.test(ch) && ch !== "\t" && ch !== "\n") continue;
      out += ch;
    }
    return out.replace(SPACE, " ").trim();
  }

  function pyLower(s) {
    return s.toLowerCase();
  }

  Folder.prototype.fold = function (text) {
    text = text.normalize("NFKC");
    text = text.replace(this.dashAfterKana, "ー");
    text = this.translate(pyLower(text.replace(this.dash, "-")));
    return text.replace(SPACE, " ").trim();
  };

  Folder.prototype.key = function (text) {
    return this.fold(text).replace(NOT_KEY, "").replace(/_/g, "").replace(/ー/g, "");
  };

  Folder.prototype.toHiragana = function (text) {
    return this.translate(text.normalize("NFKC"));
  };

  function isKanaChar(c) {
    return ("\u3041" <= c && c <= "\u3096") || ("\u30a1" <= c && c <= "\u30fa") || c === "ー";
  }

  function isKana(text) {
    var s = text.replace(/ /g, "");
    if (!s) return false;
    for (var c of s) if (!isKanaChar(c)) return false;
    return true;
  }

  function hasJapanese(text) {
    for (var c of text) {
      if (("\u3040" <= c && c <= "\u30ff") || ("\u3400" <= c && c <= "\u9fff") || ("\uf900" <= c && c <= "\ufaff"))
        return true;
    }
    return false;
  }

  function isAscii(text) {
    return /^[\x00-\x7f]*$/.test(text);
  }

  // -- romaji.py ---------------------------------------------------------------------------
  var VOWELS = "aiueo";
  var ROMAJI_CHARS = /^[a-z' \-]+$/;

  function Romaji(ix, folder) {
    this.kanaRomaji = ix.romaji.kana_romaji;
    this.romajiKana = ix.romaji.romaji_kana;
    this.long = ix.romaji.long;
    this.longest = 0;
    for (var k in this.romajiKana) this.longest = Math.max(this.longest, k.length);
    this.folder = folder;
  }

  Romaji.prototype.plainLatin = function (text) {
    text = pyLower(text.normalize("NFKC"));
    var t = "";
    for (var ch of text) t += this.long[ch] !== undefined ? this.long[ch] : ch;
    return t.normalize("NFKD").replace(/\p{Mn}/gu, "");
  };

  Romaji.prototype.toKana = function (text) {
    var s = this.plainLatin(text);
    if (!s || !ROMAJI_CHARS.test(s)) return null;
    s = s.replace(/ /g, "");
    var out = [];
    var i = 0, n = s.length;
    while (i < n) {
      var c = s[i];
      var nxt = i + 1 < n ? s[i + 1] : "";
      if (c === "'") { i += 1; continue; }
      if (c === "n" && VOWELS.indexOf(nxt) < 0 && nxt !== "y") {
        out.push("ん");
        if ((nxt === "n" || nxt === "'") && (i + 2 >= n || (VOWELS + "y").indexOf(s[i + 2]) < 0)) i += 2;
        else i += 1;
        continue;
      }
      if (c === "m" && nxt !== "" && "bmp".indexOf(nxt) >= 0) { out.push("ん"); i += 1; continue; }
      if (c === nxt && VOWELS.indexOf(c) < 0 && "n-'".indexOf(c) < 0) { out.push("っ"); i += 1; continue; }
      if (c === "t" && s.startsWith("ch", i + 1)) { out.push("っ"); i += 1; continue; }
      var found = false;
      for (var size = Math.min(this.longest, n - i); size > 0; size--) {
        var kana = this.romajiKana[s.slice(i, i + size)];
        if (kana !== undefined) { out.push(kana); i += size; found = true; break; }
      }
      if (!found) return null;
    }
    return out.join("");
  };

  Romaji.prototype.toRomaji = function (kana) {
    var h = Array.from(this.folder.toHiragana(kana));
    var out = [];
    var dbl = false;
    var i = 0;
    while (i < h.length) {
      var pair = i + 1 < h.length ? this.kanaRomaji[h[i] + h[i + 1]] : undefined;
      var rom = pair || this.kanaRomaji[h[i]];
      var step = pair ? 2 : 1;
      if (h[i] === "っ") { dbl = true; i += 1; continue; }
      if (h[i] === "ー") {
        var joined = out.join("");
        var last = "";
        for (var j = joined.length - 1; j >= 0; j--) if (VOWELS.indexOf(joined[j]) >= 0) { last = joined[j]; break; }
        out.push(last);
        i += 1;
        continue;
      }
      if (rom === undefined) rom = pyLower(h[i]);
      if (dbl && /^\p{L}/u.test(rom)) rom = (rom.startsWith("ch") ? "t" : rom[0]) + rom;
      dbl = false;
      out.push(rom);
      i += step;
    }
    return out.join("");
  };

  function foldRomaji(r) {
    var s = pyLower(r).replace(/[^a-z0-9]+/g, "").replace(/tch/g, "ch");
    s = s.replace(/([a-z])\1+/g, "$1");
    s = s.replace(/ou/g, "o").replace(/ei/g, "e");
    return s.replace(/([a-z])\1+/g, "$1");
  }

  Romaji.prototype.phoneticKey = function (text) {
    var h = this.folder.toHiragana(text);
    if (isKana(h)) return foldRomaji(this.toRomaji(h)) || null;
    var kana = this.toKana(text);
    if (kana === null) return null;
    return foldRomaji(this.toRomaji(kana)) || null;
  };

  // -- text.py -----------------------------------------------------------------------------
  var RUNS = /[\p{L}\p{N}_\u30fc]+/gu;

  function jaGrams(folder, text) {
    var out = [];
    var runs = folder.fold(text).replace(/_/g, " ").match(RUNS) || [];
    for (var run of runs) {
      var cs = Array.from(run);
      if (cs.length === 1) out.push(run);
      else for (var i = 0; i < cs.length - 1; i++) out.push(cs[i] + cs[i + 1]);
    }
    return out;
  }

  function stem(word) {
    if (word.length <= 3) return word;
    var rules = [["ies", "y"], ["sses", "ss"], ["ing", ""], ["ed", ""], ["es", "e"]];
    var done = false;
    for (var r of rules) {
      if (word.endsWith(r[0]) && word.length - r[0].length >= 3) {
        word = word.slice(0, -r[0].length) + r[1];
        done = true;
        break;
      }
    }
    if (!done && word.endsWith("s") && !word.endsWith("ss")) word = word.slice(0, -1);
    if (word.endsWith("e") && word.length > 3) word = word.slice(0, -1);
    return word;
  }

  var NEGATION = /(?<![\p{L}\p{N}_])(?:can ?not|can't|cannot|neither|nor|unable|n't|not)(?![\p{L}\p{N}_])/gu;

  function enWords(folder, stop, text) {
    var t = folder.fold(text).replace(/\u2019/g, "'").replace(NEGATION, " not ");
    var words = t.match(/[a-z0-9]+/g) || [];
    return words.filter(function (w) { return !stop.has(w); }).map(stem);
  }

  function enTokens(folder, stop, text) {
    var words = enWords(folder, stop, text);
    var out = words.slice();
    for (var i = 0; i + 1 < words.length; i++) out.push(words[i] + "+" + words[i + 1]);
    return out;
  }

  // -- rapidfuzz fuzz.ratio: the normalised InDel similarity, 0–100 ----------------------
  function ratio(a, b) {
    var x = Array.from(a), y = Array.from(b);
    var total = x.length + y.length;
    if (!total) return 100;
    var prev = new Array(y.length + 1).fill(0);
    var cur = new Array(y.length + 1).fill(0);
    for (var i = 1; i <= x.length; i++) {
      for (var j = 1; j <= y.length; j++) {
        cur[j] = x[i - 1] === y[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
      }
      var t = prev; prev = cur; cur = t;
    }
    var lcs = prev[y.length];
    return 100 * (1 - (total - 2 * lcs) / total);
  }

  // process.extract: the best `limit` choices at or above the cut-off, best first, ties in
  // the order of the choices.
  function extract(query, choices, limit, cutoff) {
    var found = [];
    for (var i = 0; i < choices.length; i++) {
      var r = ratio(query, choices[i][0]);
      if (r >= cutoff) found.push([choices[i], r, i]);
    }
    found.sort(function (p, q) { return q[1] - p[1] || p[2] - q[2]; });
    return found.slice(0, limit);
  }

  // -- search.py -------------------------------------------------------------------------
  function Pipeline(ix) {
    this.ix = ix;
    this.c = ix.const;
    this.folder = new Folder(ix);
    this.romaji = new Romaji(ix, this.folder);
    this.stop = new Set(ix.stopwords);
    this.surfaces = new Map(ix.surfaces);
    this.readings = new Map(ix.readings);
    var d = escapeClass(ix.fold.id_dashes);
    this.idRe = new RegExp(
      "^(?:第|§|#|no\\.?|rule|cr|article|art\\.?)?\\s*" +
        "(\\d{3,4})(?:\\.(\\d+)(?:([a-z])(?:[" + d + "](\\d+))?)?)?" +
        "\\s*(?:条|項|番)?$", "u");
    this.tables = {};
    for (var name in ix.fulltext) this.tables[name] = prepareTable(ix.fulltext[name]);
  }

  function prepareTable(t) {
    var n = t.ids.length;
    var idf = {};
    for (var g in t.post) {
      var df = t.post[g].length / 2;
      idf[g] = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    }
    return { ids: t.ids, len: t.len, avg: t.avg, post: t.post, idf: idf, maxIdf: Math.log(1 + (n + 0.5) / 0.5) };
  }

  Pipeline.prototype.parseNumber = function (query) {
    var q = pyLower(query.normalize("NFKC").trim());
    var m = this.idRe.exec(q);
    if (!m) return null;
    var text = m[1];
    if (m[2] !== undefined) {
      text += "." + parseInt(m[2], 10);
      if (m[3]) {
        text += m[3];
        if (m[4] !== undefined) text += "-" + parseInt(m[4], 10);
      }
    }
    return text;
  };

  var JA_TAIL = /(?:って|とは|は|の)?(?:何|なに|なん|どういう|どんな)?(?:意味|こと|事|もの)?(?:ですか|でしたっけ|だっけ|っけ|だ|か|なの|です)?[?？!！。．.\s]*$/u;
  var EN_HEAD = /^(?:what(?:'s| is| are| does| do)?|define|definition of|meaning of|explain|rule for|rules for)\s+(?:the |a |an )?/i;
  var EN_TAIL = /\s*(?:mean|means|meaning)?\s*[?!.]*$/i;

  function stripQuestion(query) {
    var q = query.trim();
    var s = hasJapanese(q) ? q.replace(JA_TAIL, "") : q.replace(EN_HEAD, "").replace(EN_TAIL, "");
    return s.trim() || q;
  }

  function Results(p) {
    this.p = p;
    this.best = new Map();
  }
  Results.prototype.add = function (m) {
    var old = this.best.get(m.id);
    // Like a dict, a Map keeps a key's first place when its value is replaced.
    if (old === undefined || m.score > old.score) this.best.set(m.id, m);
  };
  Results.prototype.addEntry = function (i, base, via, key, how) {
    var e = this.p.ix.entries[i];
    var targets = e[2].slice();
    if (e[3] === "glossary" && !e[4]) targets.unshift(this.p.entryId(i));
    for (var n = 0; n < targets.length; n++) {
      var t = targets[n];
      if (t in this.p.ix.pos || t.startsWith("1000「")) {
        this.add({ id: t, score: base - n, via: via, key: via !== "reading" ? e[1] : key, how: how, lang: e[0] });
      }
    }
  };

  Pipeline.prototype.entryId = function (i) {
    return this.ix.entryIds[i];
  };

  Pipeline.prototype.exact = function (res, k, drop, how) {
    var refs = this.surfaces.get(k) || [];
    for (var r of refs) res.addEntry(r[0], r[2] - drop, r[1], k, how);
  };

  Pipeline.prototype.readingsStage = function (res, pk, drop, how, shown) {
    var refs = this.readings.get(pk) || [];
    for (var r of refs) res.addEntry(r[0], r[2] - drop, r[1], shown, how);
  };

  Pipeline.prototype.prefix = function (res, k) {
    var kl = Array.from(k).length;
    for (var [surface, refs] of this.surfaces) {
      if (surface !== k && surface.startsWith(k)) {
        var frac = kl / Array.from(surface).length;
        for (var r of refs) res.addEntry(r[0], r[2] * (0.55 + 0.33 * frac), r[1], k, "prefix");
      }
    }
  };

  Pipeline.prototype.fuzzy = function (res, k, pk) {
    var cut = this.c.fuzzy_cutoff;
    for (var f of extract(k, this.ix.surfaces, 8, cut)) {
      for (var r of f[0][1]) res.addEntry(r[0], r[2] - (100 - f[1]) / 2 - 8, "fuzzy", k, "fuzzy");
    }
    if (pk && pk.length >= 4) {
      for (var g of extract(pk, this.ix.readings, 5, cut + 8)) {
        for (var s of g[0][1]) res.addEntry(s[0], s[2] - (100 - g[1]) / 2 - 10, "fuzzy", g[0][0], "fuzzy");
      }
    }
  };

  Pipeline.prototype.fulltext = function (res, table, tokens, shown) {
    if (!tokens.length) return;
    var weights = new Map();
    for (var t of tokens) if (!weights.has(t)) weights.set(t, t in table.idf ? table.idf[t] : table.maxIdf);
    var total = 0;
    weights.forEach(function (w) { total += w; });
    var covered = new Map(), bm25 = new Map();
    var k1 = 1.2, b = 0.75;
    weights.forEach(function (w, tok) {
      var post = table.post[tok];
      if (!post) return;
      for (var i = 0; i < post.length; i += 2) {
        var doc = post[i], tf = post[i + 1];
        covered.set(doc, (covered.get(doc) || 0) + w);
        var norm = (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * table.len[doc]) / table.avg));
        bm25.set(doc, (bm25.get(doc) || 0) + w * norm);
      }
    });
    if (!bm25.size) return;
    var top = -Infinity;
    bm25.forEach(function (s) { if (s > top) top = s; });
    var c = this.c;
    bm25.forEach(function (s, doc) {
      var coverage = covered.get(doc) / total;
      var score = 45 + 40 * coverage + (5 * s) / top;
      if (score >= c.cutoff) {
        res.add({ id: table.ids[doc], score: Math.min(score, c.fulltext_max), via: "fulltext", key: shown, how: "words" });
      }
    });
  };

  function round6(x) {
    return Math.round(x * 1e6) / 1e6;
  }

  // search(): every candidate, best first; [] when nothing scores above the cut-off.
  Pipeline.prototype.search = function (query, limit) {
    var c = this.c, f = this.folder;
    var q = clean(query, c.max_query);
    if (!q) return [];
    var res = new Results(this);
    var number = this.parseNumber(q);
    if (number !== null && number in this.ix.pos) {
      res.add({ id: number, score: 100, via: "number", key: number, how: "exact" });
    }
    var k = f.key(q);
    var stripped = stripQuestion(q);
    var ks = f.key(stripped);
    this.exact(res, k, 0, "exact");
    if (ks !== k && ks) this.exact(res, ks, c.stripped_drop, "stripped");

    var pk = k ? this.romaji.phoneticKey(q) : null;
    if (pk) this.readingsStage(res, pk, 0, "exact", q);
    var pks = ks !== k && ks ? this.romaji.phoneticKey(stripped) : null;
    if (pks) this.readingsStage(res, pks, c.stripped_drop, "stripped", stripped);

    var klen = Array.from(k).length;
    if (klen > 0 && klen <= c.short) {
      this.prefix(res, k);
    } else if (klen > c.short) {
      this.prefix(res, k);
      this.fuzzy(res, k, pk);
      if (hasJapanese(q) || (number === null && !isAscii(q))) {
        this.fulltext(res, this.tables.ja, jaGrams(f, q), q);
      }
      var kana = pk && hasJapanese(q) ? f.toHiragana(q) : pk ? this.romaji.toKana(q) : null;
      if (kana && this.tables.kana) this.fulltext(res, this.tables.kana, jaGrams(f, kana), kana);
      if (this.tables.en && /[a-z]/.test(f.fold(q))) {
        this.fulltext(res, this.tables.en, enTokens(f, this.stop, q), q);
      }
    }
    var pos = this.ix.pos, vias = c.vias;
    var ranked = [];
    res.best.forEach(function (m) { if (m.score >= c.cutoff) ranked.push(m); });
    ranked.sort(function (a, b) {
      return (
        round6(b.score) - round6(a.score) ||
        vias.indexOf(a.via) - vias.indexOf(b.via) ||
        (a.id in pos ? pos[a.id] : Infinity) - (b.id in pos ? pos[b.id] : Infinity) ||
        0
      );
    });
    return limit ? ranked.slice(0, limit) : ranked;
  };

  function create(ix) {
    if (!ix.entryIds) {
      ix.entryIds = ix.entries.map(function (e) { return e[5]; });
    }
    return new Pipeline(ix);
  }

  root.SevenSearch = { create: create, ratio: ratio };
})(typeof self !== "undefined" ? self : globalThis);
