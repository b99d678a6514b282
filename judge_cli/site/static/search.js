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

  function hasOwn(o, k) {
    return Object.prototype.hasOwnProperty.call(o, k);
  }

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
    this.variants = v;
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

  // en_grams(): character trigrams of each latin word of the folded text, between spaces.
  function enGrams(folder, text) {
    var out = [];
    for (var word of folder.fold(text).match(/[a-z]+/g) || []) {
      var padded = " " + word + " ";
      for (var i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
    }
    return out;
  }

  // stem(): the first suffix of STEM_SUFFIXES a word of more than three letters has is
  // replaced (leaving three letters at least); else a final s (not ss) goes; then a final e.
  // A consonant doubled before -ing or -ed (DOUBLED) is one in the stem: sitting → sit.
  function stem(word, suffixes, doubled) {
    if (word.length <= 3) return word;
    var done = false;
    for (var r of suffixes) {
      if (word.endsWith(r[0]) && word.length - r[0].length >= 3) {
        word = word.slice(0, -r[0].length) + r[1];
        var last = word[word.length - 1];
        if ((r[0] === "ing" || r[0] === "ed") && word.length >= 4 &&
            last === word[word.length - 2] && doubled.indexOf(last) >= 0) {
          word = word.slice(0, -1);
        }
        done = true;
        break;
      }
    }
    if (!done && word.endsWith("s") && !word.endsWith("ss")) word = word.slice(0, -1);
    if (word.endsWith("e") && word.length > 3) word = word.slice(0, -1);
    return word;
  }

  // _NEGATION: every negation is one token, with or without the apostrophe (don't, dont).
  var NEGATION = new RegExp(
    "(?<![\\p{L}\\p{N}_])(?:can ?not|cannot|neither|nor|unable|not|" +
    "(?:ca|do|does|did|is|are|was|were|has|have|had|wo|could|would|should|must|need)n'?t)(?![\\p{L}\\p{N}_])",
    "gu"
  );

  // _REFERENCE: a cross-reference ("see 204.2") is no word of the rule.
  var REFERENCE = /(?<![\p{L}\p{N}_])see (?=\d)/gu;

  function enWords(folder, english, stop, text) {
    var t = folder.fold(text).replace(/\u2019/g, "'").replace(REFERENCE, " ").replace(NEGATION, " not ");
    var words = t.match(/[a-z0-9]+/g) || [];
    return words.filter(function (w) { return !stop.has(w); }).map(function (w) {
      return stem(hasOwn(english.spellings, w) ? english.spellings[w] : w, english.stem_suffixes, english.doubled);
    });
  }



  // -- words.py: the words of a question, by longest match against the vocabulary --------
  function isKanji(c) {
    return ("\u3400" <= c && c <= "\u9fff") || ("\uf900" <= c && c <= "\ufaff") || "々〆ヶ".indexOf(c) >= 0;
  }
  function isKatakana(c) {
    return ("\u30a1" <= c && c <= "\u30fa") || c === "ー";
  }
  function isHiragana(c) {
    return "\u3041" <= c && c <= "\u3096";
  }
  function isLatin(c) {
    return /^[A-Za-z0-9]$/.test(c);
  }

  // prefold(): fold() without katakana → hiragana and without folding spaces.
  Folder.prototype.prefold = function (text) {
    text = text.normalize("NFKC").replace(this.dashAfterKana, "ー");
    text = pyLower(text.replace(this.dash, "-"));
    var out = "";
    for (var ch of text) out += this.variants[ch] !== undefined ? this.variants[ch] : ch;
    return out;
  };

  // kana_fold(): katakana → hiragana, one character for one.
  function kanaFold(text) {
    var out = "";
    for (var ch of text) {
      var c = ch.codePointAt(0);
      out += c >= 0x30a1 && c < 0x30f7 ? String.fromCharCode(c - 0x60) : ch;
    }
    return out;
  }

  function jaWords(folder, text, vocab) {
    var t1 = Array.from(folder.prefold(text));
    var t2 = Array.from(kanaFold(t1.join("")));
    var words = vocab.words, kanaOnly = vocab.kanaSet, longest = vocab.max, minKana = vocab.minKana;
    var out = [];
    var i = 0, n = t1.length;
    while (i < n) {
      var c = t1[i];
      if (!(isKanji(c) || isKatakana(c) || isHiragana(c) || isLatin(c))) { i += 1; continue; }
      var found = false;
      for (var size = Math.min(longest, n - i); size > 0; size--) {
        var piece = t2.slice(i, i + size).join("");
        if (!Object.prototype.hasOwnProperty.call(words, piece)) continue;
        var written = t1.slice(i, i + size);
        if (kanaOnly.has(piece) && size < minKana && !isKatakana(written[0])) continue;
        // A short kana word starting in hiragana starts after a non-hiragana character or a
        // particle only.
        if (
          size < minKana && i > 0 && isHiragana(t1[i - 1]) &&
          vocab.particles.indexOf(t1[i - 1]) < 0 && isHiragana(written[0]) && !written.some(isKanji)
        ) continue;
        if (isLatin(c) && i + size < n && isLatin(t1[i + size])) continue;
        Array.prototype.push.apply(out, words[piece]);
        i += size;
        found = true;
        break;
      }
      if (found) continue;
      if (isKanji(c)) {
        out.push(c);
        i += 1;
      } else if (isKatakana(c) || isLatin(c)) {
        var same = isKatakana(c) ? isKatakana : isLatin;
        var j = i + 1;
        while (j < n && same(t1[j])) j++;
        out.push(t2.slice(i, j).join(""));
        i = j;
      } else {
        i += 1;
      }
    }
    return out;
  }

  function enRewrite(words, phrases) {
    var longest = 4, out = [], i = 0;
    while (i < words.length) {
      var done = false;
      for (var size = Math.min(longest, words.length - i); size > 0; size--) {
        var k = words.slice(i, i + size).join(" ");
        if (Object.prototype.hasOwnProperty.call(phrases, k)) {
          Array.prototype.push.apply(out, phrases[k]);
          i += size;
          done = true;
          break;
        }
      }
      if (!done) { out.push(words[i]); i += 1; }
    }
    return out;
  }

  function pairs(words) {
    var out = words.slice();
    for (var i = 0; i + 1 < words.length; i++) out.push(words[i] + "+" + words[i + 1]);
    return out;
  }

  // -- model.py ------------------------------------------------------------------------
  // features(): a text's words, then its character pairs marked with "~", each once.
  function modelFeatures(words, grams) {
    var seen = new Set(), out = [];
    for (var w of words) if (!seen.has(w)) { seen.add(w); out.push(w); }
    for (var g of grams || []) {
      var f = "~" + g;
      if (!seen.has(f)) { seen.add(f); out.push(f); }
    }
    return out;
  }

  // posterior(): each article's probability given the features (unknown ones do not
  // count), as a Map; null when the model knows none of them.
  function posterior(t, feats, alpha) {
    var known = feats.filter(function (f) { return hasOwn(t.post, f); });
    if (!known.length) return null;
    if (!t.base) {
      var total = 0, v = alpha * t.vocab;
      for (var s of t.samples) total += s;
      t.base = t.samples.map(function (s, c) { return [Math.log(s / total), Math.log(t.len[c] + v)]; });
    }
    var k = known.length, la = Math.log(alpha);
    var scores = t.base.map(function (b) { return b[0] + k * (la - b[1]); });
    for (var f of known) {
      var flat = t.post[f];
      for (var j = 0; j < flat.length; j += 2) scores[flat[j]] += Math.log(flat[j + 1] + alpha) - la;
    }
    var top = -Infinity;
    for (var x of scores) if (x > top) top = x;
    var exps = scores.map(function (x) { return Math.exp(x - top); });
    var z = 0;
    for (var e of exps) z += e;
    var p = new Map();
    for (var c = 0; c < exps.length; c++) p.set(t.ids[c], exps[c] / z);
    return p;
  }

  // _best(): the id a posterior gives most (the first of equals) and its probability.
  function bestOf(p) {
    var best = null, top = 0;
    if (p !== null) p.forEach(function (v, k) { if (best === null || v > top) { top = v; best = k; } });
    return [best, top];
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
    this.stop = new Set(ix.english.stopwords);
    this.english = ix.english;
    this.surfaces = new Map(ix.surfaces);
    this.readings = new Map(ix.readings);
    var d = escapeClass(ix.fold.id_dashes);
    var sep = "[.\\-\\s,、・の/_" + d + "]";
    this.prefixRe = /^(?:第|§|#|no\.?|rule|r\.?|cr|article|art\.?|section|sec\.?|ルール|条文|規則|セクション)\s*の?\s*/i;
    this.idRe = new RegExp(
      "^(\\d{3,4})(?:" + sep + "(\\d{1,2})(?:" + sep + "?([a-z])(?:" + sep + "?(\\d{1,2}))?)?)?(?:条|項|番|章|節)?$", "u");
    this.jouRe = /^第?(\d{3,4})条(?:第?(\d+)項([a-z])?号?)?$/u;
    // _PART, _SECTION: a letter in brackets or a word between the group and the number;
    // a section said by its place (section 5, 第5章).
    this.partRe = new RegExp("\\s*(?:\\(([a-z]|\\d{1,2})\\)" +
      "|(?:paragraph|para\\.?|¶|item|clause|sub|point|dot|no\\.?|#|条の?|番の?|項の?)\\s*(?=\\d|[a-z](?![a-z])))", "gu");
    // _BETWEEN: the separators between two parts with the spaces around them.
    var between = "[.\\-,、・/_" + d + "]";
    this.betweenRe = new RegExp("\\s*" + between + "(?:\\s*" + between + ")*\\s*", "gu");
    this.sectionRe = /^(?:(?:section|sec\.?|chapter|ch\.?|セクション)\s*([1-9]|10)(?:章|部)?|第?([1-9]|10)(?:章|部))$/u;
    var tight = "[.\\-" + d + "]";
    this.citedRe = new RegExp(
      "(?<![0-9a-z.])((?:第|§|#|no\\.|rule|r|cr|article|art\\.?|ルール|条文|規則)\\s*の?\\s*)?" +
      "(\\d{3,4})((?:(?:" + tight + "|の)\\d+(?:" + tight + "?[a-z](?![a-z])(?:" + tight + "?\\d+)?)?)?)" +
      "(条(?:の?第?\\d+項?)?)?(?!\\d)", "gu");
    var vocab = ix.vocab;
    this.vocab = {
      words: vocab.words, kanaSet: new Set(vocab.kana), max: vocab.max, minKana: vocab.min_kana,
      particles: vocab.particles,
    };
    this.cardKeys = ix.card_keys || [];
    this.tables = {};
    for (var name in ix.fulltext) this.tables[name] = prepareTable(ix.fulltext[name]);
  }

  // The idf of every word, from the postings, as judge_cli/lookup/build.py computes it.
  function prepareTable(t) {
    // The model's counts (model.py) need no idf; their postings are unpacked as the rest.
    // search_index._flat(): ids written as runs; a posting list whose every tf is 1 as its
    // first document negated (-1 - doc), then the gaps to the next ones; any other as pairs
    // of the gap from the document before and the count.
    if (t.runs) {
      t.ids = [];
      t.runs.forEach(function (r) { for (var i = 0; i < r[1]; i++) t.ids.push(r[0]); });
    }
    for (var w in t.post) {
      var p = t.post[w];
      if (!p.length) continue;
      var flat = [], doc;
      if (p[0] < 0) {
        doc = -1 - p[0];
        flat.push(doc, 1);
        for (var j = 1; j < p.length; j++) { doc += p[j]; flat.push(doc, 1); }
      } else {
        doc = 0;
        for (var k = 0; k < p.length; k += 2) { doc += p[k]; flat.push(doc, p[k + 1]); }
      }
      t.post[w] = flat;
    }
    if (t.samples) return t;
    var n = t.ids.length;
    t.idf = {};
    for (var g in t.post) {
      var df = t.post[g].length / 2;
      t.idf[g] = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    }
    t.max_idf = Math.log(1 + (n + 0.5) / 0.5);
    return t;
  }

  // _KANJI_NUMBER, _hundreds(), _KANJI_DIGITS: a number in kanji as digits (五百七 → 507,
  // 五〇七 → 507).
  function kanjiDigits(q) {
    if (q.indexOf("百") >= 0) {
      q = q.replace(/([一二三四五六七八九]?)百(?:([一二三四五六七八九]?)十)?([一二三四五六七八九]?)/gu,
        function (all, h, t, u) {
          var v = function (ch, dflt) { return ch ? "一二三四五六七八九".indexOf(ch) + 1 : dflt; };
          var tens = all.indexOf("十") < 0 ? 0 : v(t, 1);
          return String(v(h, 1) * 100 + tens * 10 + v(u, 0));
        });
    }
    return q.replace(/[〇一二三四五六七八九]/g, function (c) {
      return String("〇一二三四五六七八九".indexOf(c));
    });
  }

  Pipeline.prototype.parseNumber = function (query) {
    var q = kanjiDigits(pyLower(query.normalize("NFKC").trim()));
    var m = this.jouRe.exec(q.replace(/ /g, ""));
    var section = this.sectionRe.exec(q);
    var group, number, letter, sub;
    if (m) {
      group = m[1]; number = m[2]; letter = m[3]; sub = undefined;
    } else if (section) {
      group = String(parseInt(section[1] || section[2], 10) * 100);
    } else {
      q = q.replace(this.prefixRe, "").trim();
      q = q.replace(this.partRe, function (_m, l) { return l ? "." + l : "."; });
      var chunks = q.split(/\s+/).filter(function (c) { return c; });
      if (chunks.length > 2 && chunks.every(function (c) { return Array.from(c).length === 1; })) q = chunks.join("");
      q = q.replace(this.betweenRe, function (sep) { return sep.trim()[0]; });
      m = this.idRe.exec(q);
      if (!m) return null;
      group = m[1]; number = m[2]; letter = m[3]; sub = m[4];
    }
    var text = group;
    if (number !== undefined) {
      text += "." + parseInt(number, 10);
      if (letter) {
        text += letter;
        if (sub !== undefined) text += "-" + parseInt(sub, 10);
      }
    }
    return text;
  };

  // cited_numbers(): the ids a longer question cites (§ 111.2, 606-1a, 第803条), in order.
  Pipeline.prototype.citedNumbers = function (query) {
    var q = pyLower(query.normalize("NFKC"));
    var found = [];
    // A number in kanji (五〇七, 五百七) is read as digits.
    if (q.indexOf("〇") >= 0 || q.indexOf("百") >= 0) q = kanjiDigits(q);
    this.citedRe.lastIndex = 0;
    var m;
    while ((m = this.citedRe.exec(q)) !== null) {
      if (!(m[1] || m[3] || m[4])) continue;
      // 507の4 cites when it opens the question or follows a prefix.
      if (m[3].charAt(0) === "の" && !(m[1] || m[4] || m.index === 0)) continue;
      var id = this.parseNumber(m[0].trim());
      if (id !== null && found.indexOf(id) < 0) found.push(id);
    }
    return found;
  };

  var JA_TAIL = /(?:(?:した|された|する|される|の)?(?:とき|時|場合|ら))?(?:って|とは|は|の|では|で)?(?:何|なに|なん|どういう|どんな|どう|どこ|いつ)?(?:意味|こと|事|もの|する|をする|やる|なる|すれば|すればいい|したらいい|にある)?(?:の|ん)?(?:ですか|でしたっけ|だっけ|っけ|だ|か|なの|です)?[?？!！。．.\s]*$/u;
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
    var card = e[3] === "card";
    for (var n = 0; n < targets.length; n++) {
      var t = targets[n];
      if (card || t in this.p.ix.pos || t.startsWith("1000「")) {
        var kind = card ? "card" : t.startsWith("1000「") ? "glossary" : "article";
        this.add({ id: t, score: base - n, via: via, key: via !== "reading" ? e[1] : key, how: how, lang: e[0], kind: kind });
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

  // _bm25(): in a query of c.long_query words or more a word weighs its idf to the power
  // c.idf_power; a pair of neighbouring words (forc+mov) counts half; a pair the rules hold
  // somewhere is half a word of the query's weight.
  // weak: single kanji cut from a word the rules do not have (燃 of 燃料); a document that
  // holds only such words of the query is no match.
  function bm25(table, tokens, c, weak) {
    var weights = new Map(), words = 0;
    for (var t of tokens) {
      if (weights.has(t)) continue;
      weights.set(t, hasOwn(table.idf, t) ? table.idf[t] : table.max_idf);
      if (t.indexOf("+") < 0) words += 1;
    }
    var power = words >= c.long_query ? c.idf_power : 1.0;
    weights.forEach(function (w, tok) { weights.set(tok, Math.pow(w, power)); });
    var total = 0;
    weights.forEach(function (w, tok) {
      if (tok.indexOf("+") < 0) total += w;
      else if (hasOwn(table.post, tok)) total += w / 2;
    });
    total = total || 1.0;
    var covered = new Map(), scores = new Map(), telling = new Map();
    var k1 = c.k1, b = c.b;
    weights.forEach(function (w, tok) {
      var post = hasOwn(table.post, tok) ? table.post[tok] : null;
      if (!post) return;
      var share = tok.indexOf("+") >= 0 ? w / 2 : w;
      // Informative by its plain idf (not raised to idf_power): how many telling words a
      // document holds.
      var raw = hasOwn(table.idf, tok) ? table.idf[tok] : table.max_idf;
      var informative = tok.indexOf("+") < 0 && raw >= c.informative;
      for (var i = 0; i < post.length; i += 2) {
        var doc = post[i], tf = post[i + 1];
        if (informative) telling.set(doc, (telling.get(doc) || 0) + 1);
        // A word counts by its weight there, at most once (a summary's word counts half).
        covered.set(doc, Math.min((covered.get(doc) || 0) + share * Math.min(tf, 1.0), total));
        var norm = (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * table.len[doc]) / table.avg));
        scores.set(doc, (scores.get(doc) || 0) + w * norm);
      }
    });
    if (weak && weak.size) {
      var strong = new Set();
      weights.forEach(function (w, tok) {
        if (weak.has(tok) || !hasOwn(table.post, tok)) return;
        var p = table.post[tok];
        for (var i = 0; i < p.length; i += 2) strong.add(p[i]);
      });
      scores.forEach(function (s, doc) { if (!strong.has(doc)) scores.delete(doc); });
    }
    return { scores: scores, covered: covered, total: total, telling: telling };
  }

  Pipeline.prototype.weak = function (words) {
    var vocab = this.vocab.words;
    return new Set(words.filter(function (w) {
      return w.length === 1 && isKanji(w) && !hasOwn(vocab, w);
    }));
  };

  Pipeline.prototype.fulltext = function (res, table, tokens, shown, cap, weak) {
    if (!tokens.length) return;
    var r = bm25(table, tokens, this.c, weak);
    if (!r.scores.size) return;
    var top = -Infinity;
    r.scores.forEach(function (s) { if (s > top) top = s; });
    var c = this.c;
    r.scores.forEach(function (s, doc) {
      var coverage = r.covered.get(doc) / r.total;
      var score = 45 + (c.fulltext_max - 45) * (0.8 * coverage + (0.2 * s) / top);
      if (score >= c.cutoff) {
        // A capped pass (a slip's correction) is shifted down, not cut: its order stays.
        score = Math.min(score, c.fulltext_max) - (cap ? c.fulltext_max - cap : 0);
        res.add({
          id: table.ids[doc], score: score, via: "fulltext", key: shown, how: "words", kind: "article",
          evidence: r.telling.get(doc) || 0,
        });
      }
    });
  };

  // _questions(): the example questions: the words they share weigh the smaller of their idf
  // share of the query and of the question (words only), each article its best; between two questions
  // said alike, the article whose text holds more of the query first.
  Pipeline.prototype.questions = function (res, table, tokens, shown, cap) {
    if (!tokens.length) return;
    var q = new Map();
    for (var t of tokens) {
      if (t.indexOf("+") < 0 && !q.has(t)) q.set(t, hasOwn(table.idf, t) ? table.idf[t] : table.max_idf);
    }
    var total = 0;
    q.forEach(function (w) { total += w; });
    total = total || 1.0;
    var shared = new Map(), telling = new Map();
    var informative = this.c.informative;
    q.forEach(function (w, tok) {
      var post = hasOwn(table.post, tok) ? table.post[tok] : null;
      if (!post) return;
      for (var i = 0; i < post.length; i += 2) {
        shared.set(post[i], (shared.get(post[i]) || 0) + w);
        if (w >= informative) telling.set(post[i], (telling.get(post[i]) || 0) + 1);
      }
    });
    if (!shared.size) return;
    if (!table.weight) {
      var sizes = new Map();
      for (var g in table.post) {
        if (g.indexOf("+") >= 0) continue;
        var p = table.post[g];
        for (var j = 0; j < p.length; j += 2) sizes.set(p[j], (sizes.get(p[j]) || 0) + table.idf[g]);
      }
      table.weight = sizes;
    }
    var c = this.c;
    shared.forEach(function (w, doc) {
      var share = Math.min(1.0, w / total, w / table.weight.get(doc));
      var text = res.best.get(table.ids[doc]);
      var found = text !== undefined && text.via === "fulltext" ? (text.score - 45) / 45 : 0.0;
      var score = 45 + 44 * share + 4 * Math.max(0.0, Math.min(found, 1));
      if (score >= c.cutoff) {
        // One shared word (移動 of 移動ってなに？) is no question said alike.
        var top = (telling.get(doc) || 0) >= 2 ? c.question_max : c.fulltext_max - 2;
        // A capped pass (a slip's correction) is shifted down, as the words stage's is.
        var shifted = Math.min(score, top) - (cap ? c.fulltext_max - cap : 0);
        res.add({
          id: table.ids[doc], score: shifted, via: "fulltext", key: shown, how: "question", kind: "article",
          evidence: telling.get(doc) || 0,
        });
      }
    });
  };

  // _cards_named(): cards whose name (or a long part of it) the query holds among other words.
  Pipeline.prototype.cardsNamed = function (res, k) {
    for (var pair of this.cardKeys) {
      var surface = pair[0];
      if (surface !== k && k.indexOf(surface) >= 0) {
        for (var i of pair[1]) res.addEntry(i, this.c.card_named, "term", surface, "within");
      }
    }
  };

  // _slips(): each kanji word that is no word of the rules replaced by the one term that
  // sounds the same (共生移動 → 強制移動), or null.
  var SOKUON = new Set(["つ", "く", "ち", "き"]);
  Pipeline.prototype.slips = function (q) {
    var vocab = this.vocab.words;
    var t = Array.from(this.folder.prefold(q));
    var out = [], i = 0, changed = false;
    while (i < t.length) {
      if (!isKanji(t[i])) { out.push(t[i]); i += 1; continue; }
      var j = i;
      while (j < t.length && isKanji(t[j])) j++;
      var run = t.slice(i, j);
      var runText = run.join("");
      var term = null;
      if (!hasOwn(vocab, runText) && run.length >= 2 && run.length <= 6) term = this.soundsLike(run);
      out.push(term || runText);
      if (term !== null) changed = true;
      i = j;
    }
    return changed ? out.join("") : null;
  };

  // _sounds(): every reading of a kanji run, with the small っ before the next kanji.
  Pipeline.prototype.sounds = function (run, cap) {
    var kanji = this.ix.kanji;
    var readings = [""];
    for (var ch of run) {
      var options = hasOwn(kanji, ch) ? kanji[ch] : null;
      if (!options || !options.length) return [];
      var nxt = [];
      for (var head of readings) {
        for (var r of options) {
          nxt.push(head + r);
          var rs = Array.from(r);
          if (SOKUON.has(rs[rs.length - 1]) && rs.length >= 2) nxt.push(head + rs.slice(0, -1).join("") + "っ");
        }
      }
      readings = nxt.slice(0, cap);
    }
    return readings;
  };

  // _terms_sounding(): the Japanese terms whose reading is one of the sounds, each with the
  // first entry found.
  Pipeline.prototype.termsSounding = function (sounds) {
    var found = new Map();
    for (var sound of sounds) {
      var pk = this.romaji.phoneticKey(sound);
      var refs = pk ? this.readings.get(pk) || [] : [];
      for (var ref of refs) {
        var entry = this.ix.entries[ref[0]];
        if (entry[0] === "ja" && entry[3] !== "card" && !found.has(entry[1])) found.set(entry[1], ref[0]);
      }
    }
    return found;
  };

  // _sounds_like(): the one term a kanji run sounds like, as the run stands for it: the
  // term, or its alias of as many kanji when the term is longer (信仰 → 侵攻).
  Pipeline.prototype.soundsLike = function (run) {
    var found = this.termsSounding(this.sounds(run, 400));
    if (found.size !== 1) return null;
    var term = found.keys().next().value, i = found.get(term);
    var n = Array.from(run).length;
    var allKanji = function (w) { return Array.from(w).length === n && Array.from(w).every(isKanji); };
    if (allKanji(term)) return term;
    for (var [surface, refs] of this.surfaces) {
      if (allKanji(surface) && refs.some(function (r) { return r[0] === i; })) return surface;
    }
    return term;
  };

  // _kana_terms(): a question in kana alone with the terms its sounds spell written in,
  // longest first (やまふだってどこにおく → 山札ってどこにおく); a run that sounds like
  // several terms is left as it is.
  Pipeline.prototype.kanaTerms = function (kana) {
    var t = Array.from(kana), out = [], i = 0, changed = false;
    var shortest = this.c.kana_term[0], longest = this.c.kana_term[1];
    var particles = this.vocab.particles;
    function kanaAt(j) { return isHiragana(t[j]) || t[j] === "ー"; }
    while (i < t.length) {
      var done = false;
      var run = i;
      // A word starts after a character that is not kana or after a particle.
      if (i === 0 || !kanaAt(i - 1) || particles.indexOf(t[i - 1]) >= 0) {
        while (run < t.length && run - i < longest && kanaAt(run)) run++;
      }
      for (var size = run - i; size >= shortest; size--) {
        if (t[i + size - 1] === "っ") continue; // no word ends in a small っ
        var found = this.termsSounding([t.slice(i, i + size).join("")]);
        if (found.size === 1) {
          out.push(found.keys().next().value);
          i += size;
          changed = done = true;
          break;
        }
      }
      if (!done) {
        out.push(t[i]);
        i += 1;
      }
    }
    return changed && out.length > 1 ? out.join("") : null;
  };

  // _slip_whole(): the whole query read aloud sounds like a term (進行ボーナス → 侵攻ボーナス).
  Pipeline.prototype.slipWhole = function (res, q) {
    var t = Array.from(kanaFold(this.folder.prefold(q)));
    var pieces = [];
    var i = 0;
    while (i < t.length) {
      var j = i;
      if (isKanji(t[i])) {
        while (j < t.length && isKanji(t[j])) j++;
        var options = this.sounds(t.slice(i, j), 60);
        if (!options.length) return;
        // A reading holding its okurigana (捨 → すて) before that kana written out (捨て葉).
        if (j < t.length) {
          var kana = t[j];
          options = options.concat(options.filter(function (o) {
            return Array.from(o).length > 1 && o.slice(-1) === kana;
          }).map(function (o) { return o.slice(0, -1); }));
        }
        pieces.push(options);
      } else {
        while (j < t.length && !isKanji(t[j])) j++;
        pieces.push([t.slice(i, j).join("")]);
      }
      i = j;
    }
    var sounds = [""];
    for (var opts of pieces) {
      var next = [];
      for (var a of sounds) for (var b of opts) next.push(a + b);
      sounds = next.slice(0, 150);
    }
    var self = this;
    this.termsSounding(sounds).forEach(function (entry, term) {
      res.addEntry(entry, self.c.slip_whole, "reading", term, "slip");
    });
  };

  function inSide(aid, articles) {
    return articles.some(function (a) { return aid === a || aid.startsWith(a + "."); });
  }

  // _named_sides(): the sides whose words the query names, the first named first; a word
  // inside a longer word of the other side does not count; English compared by stems.
  var NOT_THIS = /(?:じゃ|では|でわ|で)な(?:い|く)/y;
  var CONTENT = /[\u3400-\u9fffa-z0-9]/;
  Pipeline.prototype.namedSides = function (q, sides, negated) {
    var self = this;
    var english = this.queryLang(q) === "en";
    function form(text) {
      return english ? " " + enWords(self.folder, self.english, self.stop, text).join(" ") + " " : self.folder.key(text);
    }
    var folded = form(q);
    var spans = [];
    sides.forEach(function (side, n) {
      side.words.forEach(function (w) {
        if (isAscii(w) !== english) return;
        var kw = english ? " " + form(w).trim() + " " : form(w);
        var start = kw.trim() ? folded.indexOf(kw) : -1;
        while (start >= 0) {
          spans.push([start, start + kw.length, n]);
          start = folded.indexOf(kw, start + 1);
        }
      });
    });
    var first = new Map();
    spans.forEach(function (sp) {
      var inside = spans.some(function (o) {
        return o[0] <= sp[0] && sp[1] <= o[1] && o[1] - o[0] > sp[1] - sp[0] && o[2] !== sp[2];
      });
      if (inside) return;
      // A side said not to be meant, with more said after it, counts as named last.
      NOT_THIS.lastIndex = sp[1];
      var neg = NOT_THIS.exec(folded);
      var at = neg && CONTENT.test(folded.slice(NOT_THIS.lastIndex)) ? sp[0] + folded.length : sp[0];
      first.set(sp[2], first.has(sp[2]) ? Math.min(first.get(sp[2]), at) : at);
    });
    var order = Array.from(first.keys()).sort(function (x, y) { return first.get(x) - first.get(y); });
    if (negated) order.forEach(function (n) { if (first.get(n) >= folded.length) negated.add(n); });
    return order;
  };

  // _doc(): the document number of an article in a full-text table.
  // _holds(): whether document doc of a full-text table holds word.
  function holds(table, word, doc) {
    if (!hasOwn(table.post, word)) return false;
    var p = table.post[word];
    for (var i = 0; i < p.length; i += 2) if (p[i] === doc) return true;
    return false;
  }

  function docOf(table, aid) {
    if (!table.doc) {
      table.doc = new Map();
      table.ids.forEach(function (id, n) { table.doc.set(id, n); });
    }
    return table.doc.get(aid);
  }

  // _cut(): the words of a text as the full-text table ja or en holds them.
  Pipeline.prototype.cut = function (name, text) {
    return name === "en"
      ? enRewrite(enWords(this.folder, this.english, this.stop, text), this.english.phrases)
      : jaWords(this.folder, text, this.vocab);
  };

  // _card_follows(): a question that names one card leads with it, unless the best article
  // holds card_follows times more of the query's other words than the card's printed text
  // and notes do; two cards named follow the best article.
  Pipeline.prototype.cardFollows = function (q, ranked) {
    if (ranked.length < 2 || ranked[0].how !== "within") return ranked;
    var card = ranked[0];
    var article = ranked.find(function (m) { return m.via === "fulltext"; });
    if (article === undefined) return ranked;
    var name = this.queryLang(q) === "en" ? "en" : "ja";
    var table = this.tables[name];
    var ownTable = this.tables["cards_" + name];
    var numbers = this.c.card_text.numbers;
    var data = (this.ix.card_text || {})[card.id];
    if (!table || !ownTable || !data) return ranked;
    var own = new Set(this.cut(name, data.name));
    var rest = new Set(this.cut(name, q).filter(function (t) { return !own.has(t) && hasOwn(table.idf, t); }));
    var doc = docOf(table, article.id);
    var mine = docOf(ownTable, card.id);
    var asked = this.ownTextWords(name);
    var printed = new Set(this.cut(name, data[name] || ""));
    var inCard = 0, inArticle = 0, held = 0;
    rest.forEach(function (t) {
      // The card's printed text and official notes (the cards' own table).
      // The cards' table writes numbers as digits (thre → 3, 三 → 3): looked up so.
      var n = hasOwn(numbers, t) ? numbers[t] : t;
      if (holds(ownTable, n, mine)) inCard += table.idf[t];
      if (asked.has(t)) return; // ジャンプ台の効果, when can I play So Sorry
      if (holds(table, t, doc)) {
        inArticle += table.idf[t];
        // What the card's printed lines say (２マス先に一気に移動する) is asked of the card.
        if (!printed.has(n)) held += 1;
      }
    });
    // Two cards named (カウンターロックの処理中にゴメンナサイッ！): how they meet is the rules'.
    var named = new Set(ranked.filter(function (m) { return m.how === "within"; }).map(function (m) { return m.id; }));
    var several = named.size > 1;
    if (!several && round6(inCard) * this.c.card_follows >= round6(inArticle) && !this.askedOf(q, article, held)) return ranked;
    var cards = several
      ? ranked.slice(0, ranked.indexOf(article)).filter(function (m) { return m.how === "within"; })
      : [card];
    var out = ranked.filter(function (m) { return cards.indexOf(m) < 0; });
    for (var n = cards.length - 1; n >= 0; n--) {
      cards[n].score = Math.min(cards[n].score, article.score);
      out.splice(out.indexOf(article) + 1, 0, cards[n]);
    }
    return out;
  };

  // _asked_of(): the model of what players ask is all but certain of the article the words
  // found first, and the article holds a word of the question beyond the card's name, its
  // printed text and what is asked of a card's own text.
  Pipeline.prototype.askedOf = function (q, article, held) {
    if (!held) return false;
    var top = bestOf(this.modelPosterior(q));
    return top[0] === article.id && top[1] >= this.c.card_follows_model;
  };

  // query_lang(): ja for kana, kanji and romaji, else en.
  Pipeline.prototype.queryLang = function (q) {
    if (hasJapanese(q) || !/[a-zA-Z]/.test(q)) return "ja";
    return this.romaji.phoneticKey(q) ? "ja" : "en";
  };

  // _own_text_words(): what a question asks of a card's own text (its effect, its cost, when
  // it is used, the card itself), as the full-text table cut them.
  Pipeline.prototype.ownTextWords = function (name) {
    this.ownText = this.ownText || {};
    if (!this.ownText[name]) this.ownText[name] = new Set(this.cut(name, this.c.card_text.own_text[name]));
    return this.ownText[name];
  };

  // _bare_card(): the card a query names and says nothing else of (なないろの欠片, Prism
  // Shard card): its name, reading or a part of a long name that is no word of the rules.
  var CARD_WORDS = /(?:の)?(?:カード|札)$|^(?:the\s+)?cards?\s+|\s+cards?$|^the\s+(?!cards?\b)/i;
  Pipeline.prototype.bareCard = function (q) {
    var f = this.folder, ix = this.ix;
    var stripped = stripQuestion(q);
    var texts = [];
    for (var t of [q, stripped, stripped.replace(CARD_WORDS, "").trim()]) if (texts.indexOf(t) < 0) texts.push(t);
    for (var text of texts) {
      var k = f.key(text);
      var refs = k ? this.surfaces.get(k) || [] : [];
      var shared = refs.some(function (r) { return ix.entries[r[0]][3] !== "card"; });
      for (var r of refs) {
        var e = ix.entries[r[0]];
        if (e[3] === "card" && (!shared || f.key(e[1]) === k)) return ix.entryIds[r[0]];
      }
      var pk = k ? this.romaji.phoneticKey(text.replace(/[?？!！。．]/g, "")) : null;
      for (var r2 of pk ? this.readings.get(pk) || [] : []) {
        if (ix.entries[r2[0]][3] === "card") return ix.entryIds[r2[0]];
      }
    }
    return null;
  };

  // _card_first(): a card's name alone gives the card first, even when it is a rules term
  // too; a near spelling of a name does when the card's name is as near as the best term's.
  Pipeline.prototype.cardFirst = function (q, ranked) {
    if (!ranked.length || ranked[0].kind === "card" || ranked[0].via === "number") return ranked;
    var cid = this.bareCard(q);
    var card = null;
    if (cid !== null) {
      card = ranked.find(function (m) { return m.id === cid; }) || null;
      if (card === null) card = { id: cid, score: ranked[0].score, via: "term", key: q, how: "exact", kind: "card" };
    } else if (ranked[0].how === "fuzzy") {
      var top = ranked[0].score;
      card = ranked.slice(1, 4).find(function (m) {
        return m.kind === "card" && m.how === "fuzzy" && m.score >= top - 3;
      }) || null;
    }
    if (card === null) return ranked;
    var out = ranked.filter(function (m) { return m !== card; });
    card.score = Math.max(card.score, out[0].score);
    return [card].concat(out);
  };

  // card_words(): numbers spelt out as digits, and each pair of neighbouring words.
  Pipeline.prototype.cardWords = function (words) {
    var numbers = this.c.card_text.numbers;
    return pairs(words.map(function (w) { return hasOwn(numbers, w) ? numbers[w] : w; }));
  };

  // requests_card() and asks_for_card(): a question that can only ask for a card (Japanese,
  // or English said where its clause begins, after ASKING words only), and one that asks for
  // a card wherever in the sentence, a card said with a verb of its own too.
  var NOT_DONE_BY = "(?! (?:i|you|we|they|he|she|my|your)\\b)";
  var NOT_ONE_IN_PLAY =
    "(?! (?:do|does|did|should|can|could|would|will|must|is|are|was|were|has|have|goes?" +
    "|comes?|stays?|ends?|counts?|remains?)\\b)";
  var REQUEST_JA = new RegExp(
    "(?<![たのだ])(?:カード|(?<![\\u3400-\\u9fffて])札)(?:って|は|の)?(?:ある|どれ|何|なに|なん|名前)?(?:ですか|だっけ|っけ|か|の)?[?？!！。\\s]*$" +
    "|(?:どの|何の|なんの)(?:カード|札)(?!を)" +
    "|(?:なんて|何て|なんという|何という)名前" +
    "|名前(?:って|は)?(?:何|なん)(?:だっけ|っけ|ですか|だ|か)?[?？!！。\\s]*$|名前(?:忘れ|わすれ)" +
    "|[るうくぐすつぬぶむい]やつ(?:って|は)?(?:どれ|何|なに|なん)(?:だっけ|っけ|ですか|だ|か)?" +
    "[?？!！。\\s]*$|[るうくぐすつぬぶむい]やつ(?:なんだっけ|だっけ|っけ)[?？!！。\\s]*$");
  var COLOUR_WORDS = "red orange yellow green blue pink purple rainbow white black eternal";
  var REQUEST_EN = new RegExp(
    "\\b(?:which|what) card\\b" + NOT_ONE_IN_PLAY +
    "|\\bcard (?:(?:that|which|whose|to)\\b" + NOT_DONE_BY + "|where\\b)|\\bis there (?:a|any) card\\b" +
    "|\\b(?:" + COLOUR_WORDS.split(" ").join("|") + ") one" +
    " (?:(?:that|which|whose)\\b" + NOT_DONE_BY + "|where\\b)", "gi");
  var ASKS_EN = new RegExp(
    "\\b(?:which|what) card\\b" + NOT_ONE_IN_PLAY +
    "|\\bcard (?:that|which|where|whose|to|lets?|letting|allowing|makes?|making|with)\\b" + NOT_DONE_BY, "i");
  var ASKING = new Set((
    "so hey hi ok okay um uh and but also btw wait quick question do you know does anyone " +
    "what what's whats is are there there's theres name of looking for i need a an any the " +
    "that " + COLOUR_WORDS + " first").split(" "));
  function requestsCard(q) {
    if (REQUEST_JA.test(q)) return true;
    REQUEST_EN.lastIndex = 0;
    var m;
    while ((m = REQUEST_EN.exec(q)) !== null) {
      if (pyLower(m[0]).startsWith("is there")) return true;
      var parts = q.slice(0, m.index).split(/[.?!,;:]/);
      var clause = pyLower(parts[parts.length - 1]).replace(/’/g, "'");
      var words = clause.match(/[a-z']+/g) || [];
      if (words.every(function (w) { return ASKING.has(w); })) return true;
    }
    return false;
  }
  function asksForCard(q) {
    return requestsCard(q) || ASKS_EN.test(q);
  }

  // _described_cards(): the one card (or two about as good) whose own text holds the query's
  // words best, with the share it holds and how many informative words.
  Pipeline.prototype.describedCards = function (q) {
    var name = this.queryLang(q) === "en" ? "en" : "ja";
    var table = this.tables["cards_" + name];
    if (!table || (name === "ja" && !hasJapanese(q))) return [];
    var ct = this.c.card_text, informative = this.c.informative;
    var weights = new Map();
    for (var t of this.cardWords(this.cut(name, q))) {
      if (weights.has(t)) continue;
      var held = hasOwn(table.post, t);
      if (t.indexOf("+") >= 0) { if (held) weights.set(t, table.idf[t] / 2); }
      else weights.set(t, held ? table.idf[t] : ct.absent[name]);
    }
    var total = 0;
    weights.forEach(function (w) { total += w; });
    total = total || 1.0;
    var covered = new Map(), telling = new Map();
    weights.forEach(function (w, tok) {
      var post = hasOwn(table.post, tok) ? table.post[tok] : [];
      for (var i = 0; i < post.length; i += 2) {
        var doc = post[i], tf = post[i + 1];
        covered.set(doc, (covered.get(doc) || 0) + w * Math.min(tf, 1.0));
        if (table.idf[tok] >= informative) telling.set(doc, (telling.get(doc) || 0) + 1);
      }
    });
    var ranked = [];
    covered.forEach(function (w, doc) { ranked.push([w, doc]); });
    ranked.sort(function (a, b) { return b[0] - a[0] || b[1] - a[1]; });
    if (!ranked.length) return [];
    var near = ranked.filter(function (p) { return p[0] >= ct.rival * ranked[0][0]; });
    if (near.length > 2) return [];
    return near.map(function (p) {
      return [table.ids[p[1]], Math.min(p[0] / total, 1.0), telling.get(p[1]) || 0];
    });
  };

  // _card_described(): a question describing what a card does gives that card first; a
  // rules question whose words a card's text happens to share keeps its article first.
  Pipeline.prototype.cardDescribed = function (q, ranked) {
    if (!ranked.length || ranked[0].kind === "card" || ranked[0].via !== "fulltext") return ranked;
    var ct = this.c.card_text;
    var asks = asksForCard(q);
    var lead = [], shown = [];
    for (var found of this.describedCards(q)) {
      var cid = found[0], share = found[1], evidence = found[2];
      if (evidence < (asks ? 1 : 2)) continue;
      // Without the question asking for a card: only clearly stronger than the article.
      if (!asks && 45 + (this.c.fulltext_max - 45) * share < ranked[0].score + ct.margin) continue;
      var at;
      if (share >= (asks ? ct.lead : ct.alone)) at = lead;
      else if (asks && share >= ct.shown && !shown.length) at = shown;
      else continue;
      var card = ranked.find(function (m) { return m.id === cid; });
      if (card === undefined) card = { id: cid, score: ranked[0].score, via: "fulltext", key: q, how: "words", kind: "card" };
      card.evidence = evidence;
      card.share = share;
      at.push(card);
    }
    var after = 2; // a weak match: among the first three, after the two best articles
    if (ranked[0].score >= this.c.fulltext_max - 0.5 && lead.some(function (m) { return m.evidence < 2; })) {
      // An article holds the whole question too, and the card but one telling word of it.
      shown = lead.slice(0, 1);
      lead = [];
      after = 1;
    }
    var out = ranked.filter(function (m) { return lead.indexOf(m) < 0 && shown.indexOf(m) < 0; });
    var fmax = this.c.fulltext_max;
    for (var c of lead) c.score = Math.max(c.score, ranked[0].score, 45 + (fmax - 45) * c.share);
    for (var s of shown) {
      var at = Math.min(after, out.length);
      s.score = Math.min(s.score, out[at - 1].score);
      out.splice(at, 0, s);
    }
    return lead.concat(out);
  };

  // _holds_side(): whether an article's own text holds every word of one of the side's
  // words (those in the query's script), as the full-text index cut them.
  Pipeline.prototype.holdsSide = function (aid, q, words, others) {
    var ascii = this.queryLang(q) === "en";
    var table = this.tables[ascii ? "en" : "ja"];
    if (!table) return false;
    var doc = docOf(table, aid);
    if (doc === undefined) return false;
    var self = this, name = ascii ? "en" : "ja";
    var theirs = new Set();
    others.forEach(function (w) {
      if (isAscii(w) === ascii) self.cut(name, w).forEach(function (t) { theirs.add(t); });
    });
    return words.some(function (w) {
      if (isAscii(w) !== ascii) return false;
      var tokens = self.cut(name, w);
      // A word the other side's words hold too (移動 of 強制移動) tells nothing.
      if (tokens.every(function (t) { return theirs.has(t); })) return false;
      return tokens.length > 0 && tokens.every(function (t) { return holds(table, t, doc); });
    });
  };

  // _contrast(): a contrasting neighbour never stands alone at the top.
  Pipeline.prototype.contrast = function (q, ranked) {
    var contrasts = this.ix.contrasts;
    if (!ranked.length || !contrasts || !contrasts.length) return ranked;
    var best = ranked[0];
    for (var sides of contrasts) {
      var where = [];
      sides.forEach(function (side, n) { if (inSide(best.id, side.articles)) where.push(n); });
      if (!where.length) continue;
      var negated = new Set();
      var named = this.namedSides(q, sides, negated);
      if (!named.length) return ranked;
      var asked = named[0];
      var other = 1 - asked;
      var out = ranked.slice();
      var moved = false;
      // Only on specific evidence: a best article whose own text holds a word of the side
      // asked about is about that word as well and stays.
      if (best.via === "fulltext" && !inSide(out[0].id, sides[asked].articles) &&
          (negated.has(other) || !this.holdsSide(best.id, q, sides[asked].words, sides[other].words))) {
        moved = true;
        var pick = out.find(function (m) { return inSide(m.id, sides[asked].articles); });
        if (pick === undefined) {
          pick = { id: sides[asked].articles[0], score: best.score, via: "fulltext", key: q, how: "contrast", kind: "article" };
        } else {
          out.splice(out.indexOf(pick), 1);
        }
        out.unshift(pick);
      }
      var settled = named.length === 1 && named[0] === asked && !moved;
      if (!inSide(out[0].id, sides[asked].articles)) {
        // The best article stayed on the other side: the side asked about is shown next.
        other = asked;
        settled = false;
      }
      if (!settled && !out.slice(0, 3).some(function (m) { return inSide(m.id, sides[other].articles); })) {
        var mate = out.find(function (m) { return inSide(m.id, sides[other].articles); });
        if (mate === undefined) {
          mate = { id: sides[other].articles[0], score: out[0].score - 1, via: "fulltext", key: q, how: "contrast", kind: "article" };
        } else {
          out.splice(out.indexOf(mate), 1);
        }
        out.splice(Math.min(2, out.length), 0, mate);
      }
      return out;
    }
    return ranked;
  };

  function round6(x) {
    return Math.round(x * 1e6) / 1e6;
  }

  // search(): every candidate, best first; [] when nothing scores above the cut-off.
  // _within(): article aid is target or inside it (113.1 in 113, 606.1a-1 in 606.1a).
  function within(aid, target) {
    if (aid === target) return true;
    if (!aid.startsWith(target) || aid.length === target.length) return false;
    var next = aid[target.length];
    return !/[0-9]/.test(next) && next !== "「";
  }

  // _first_within(): the first article found by its words, after the best, that scores
  // within reach of it and fits; null when there is none.
  function firstWithin(ranked, reach, fits) {
    var top = ranked[0];
    for (var n = 1; n < ranked.length; n++) {
      var m = ranked[n];
      if (m.score < top.score - reach) return null;
      if (m.via === "fulltext" && m.kind === "article" && fits(m)) return m;
    }
    return null;
  }

  // _lead(): ranked with m first, at the best score.
  function lead(ranked, m) {
    m.score = Math.max(m.score, ranked[0].score);
    return [m].concat(ranked.filter(function (x) { return x !== m; }));
  }

  // _sure(): a candidate that no near spelling could beat: an exact term or number, or a
  // strong full-text match on two telling words.
  function sure(m) {
    if (m.via === "number" || m.via === "term" || m.via === "alias" || m.via === "reading") {
      return ["exact", "stripped", "within", "cited"].indexOf(m.how) >= 0 && m.score >= 90;
    }
    return m.via === "fulltext" && m.score >= 88 && (m.evidence || 0) >= 2;
  }

  // _model_posterior(): what the model says of q (null: nothing): each article's
  // probability, or with of = "cards_" each card's; memoised for the query.
  Pipeline.prototype.modelPosterior = function (q, of) {
    of = of || "";
    if (this.posteriorOf !== q) {
      this.posteriorOf = q;
      this.posteriors = new Map();
    }
    if (!this.posteriors.has(of)) {
      var f = this.folder, lang, feats;
      if (hasJapanese(q)) {
        lang = "ja";
        feats = modelFeatures(jaWords(f, q, this.vocab), jaGrams(f, q));
      } else {
        lang = "en";
        feats = modelFeatures(
          pairs(enRewrite(enWords(f, this.english, this.stop, q), this.english.phrases)), enGrams(f, q));
      }
      var t = this.tables[of + lang + "_model"];
      this.posteriors.set(of, t ? posterior(t, feats, this.c.model.alpha) : null);
    }
    return this.posteriors.get(of);
  };

  // _card_asked(): a question that can only ask for a card leads with the card the model
  // of the questions asked about each card is sure of (card_text.model_sure), before an
  // article and before a card whose printed text holds its words.
  Pipeline.prototype.cardAsked = function (q, ranked) {
    if (!ranked.length || ranked[0].via !== "fulltext") return ranked;
    if (ranked[0].kind === "card" && ranked[0].how !== "words") return ranked;
    if (!requestsCard(q)) return ranked;
    var top = bestOf(this.modelPosterior(q, "cards_"));
    if (top[0] === null || top[1] < this.c.card_text.model_sure) return ranked;
    var card = ranked.find(function (m) { return m.id === top[0]; });
    if (card === undefined) card = { id: top[0], score: ranked[0].score, via: "fulltext", key: q, kind: "card" };
    card.how = "asked";
    return lead(ranked, card);
  };

  // _by_words(): an article (not a card) found by the words of the question.
  Pipeline.prototype.byWords = function (m) {
    return m.via === "fulltext" && this.c.model.hows.indexOf(m.how) >= 0 && m.kind !== "card";
  };

  // _model_shows(): when words found the best candidate, or a card named in the question
  // leads, the article the model is sure of (model.shown) is shown third if it is not in the
  // top three.
  Pipeline.prototype.modelShows = function (q, ranked) {
    var c = this.c.model;
    if (!(this.byWords(ranked[0]) || ranked[0].how === "within")) return ranked;
    // A card asked for stays shown.
    if (requestsCard(q) && ranked.slice(0, 3).some(function (m) { return m.kind === "card"; })) return ranked;
    var top = bestOf(this.modelPosterior(q)), best = top[0];
    if (best === null || top[1] < c.shown) return ranked;
    for (var i = 0; i < Math.min(3, ranked.length); i++) if (ranked[i].id === best) return ranked;
    var m = null;
    for (var x of ranked) if (x.id === best) { m = x; break; }
    var place = Math.min(2, ranked.length);
    var score = place < ranked.length ? ranked[place].score : ranked[ranked.length - 1].score;
    if (m === null) {
      m = { id: best, score: score, via: "fulltext", key: q, how: "model", kind: best.startsWith("1000「") ? "glossary" : "article" };
    }
    m.score = Math.max(m.score, score);
    var rest = ranked.filter(function (y) { return y !== m; });
    return rest.slice(0, place).concat([m], rest.slice(place));
  };

  // _model_leads(): when words found the best candidate but weakly (below model.words_weak),
  // the article the model is all but certain of (model.leads) leads.
  Pipeline.prototype.modelLeads = function (q, ranked) {
    var c = this.c.model;
    if (!this.byWords(ranked[0]) || ranked[0].score >= c.words_weak) return ranked;
    var top = bestOf(this.modelPosterior(q)), best = top[0];
    if (best === null || top[1] < c.leads || ranked[0].id === best) return ranked;
    if ((this.ix.examples || []).indexOf(best) >= 0) return ranked;  // the model never leads with an example
    var m = ranked.find(function (x) { return x.id === best; });
    return m === undefined ? ranked : lead(ranked, m);
  };

  // _model_reorders(): when words found the best candidate, the articles found by words
  // within model.reach of it are put in the order of their score plus model.weight times the
  // log of their probability (at least model.floor); their scores stay in order.
  Pipeline.prototype.modelReorders = function (q, ranked) {
    var c = this.c.model, top = ranked[0];
    if (ranked.length < 2 || !this.byWords(top)) return ranked;
    var slots = [];
    for (var n = 0; n < Math.min(c.depth, ranked.length); n++) {
      if (this.byWords(ranked[n]) && ranked[n].score >= top.score - c.reach) slots.push(n);
    }
    if (slots.length < 2) return ranked;
    var p = this.modelPosterior(q);
    if (p === null) return ranked;
    var cands = slots.map(function (n) { return ranked[n]; });
    var scores = cands.map(function (m) { return m.score; });
    var value = function (m) {
      return m.score + c.weight * Math.log(Math.max(p.has(m.id) ? p.get(m.id) : 0, c.floor));
    };
    var order = cands.slice().sort(function (a, b) {
      var va = -value(a), vb = -value(b);
      return va < vb ? -1 : va > vb ? 1 : 0;
    });
    var out = ranked.slice();
    slots.forEach(function (n, i) {
      order[i].score = scores[i];
      out[n] = order[i];
    });
    return out;
  };

  // _pointer_yields(): the best article found by its words that says another article
  // decides (113による, 508を適用する) gives way to it when it scores within pointer_yield
  // (pointer_only_yield for an article that is nothing but its pointer).
  Pipeline.prototype.pointerYields = function (ranked) {
    if (ranked.length < 2 || ranked[0].via !== "fulltext" || ranked[0].kind !== "article") return ranked;
    var top = ranked[0], allPoints = this.ix.points || {};
    var points = allPoints[top.id];
    if (!points) return ranked;
    var reach = (this.ix.hands_over || []).indexOf(top.id) >= 0 ? this.c.pointer_only_yield : this.c.pointer_yield;
    var m = firstWithin(ranked, reach, function (m) {
      return points.some(function (p) { return within(m.id, p); });
    });
    if (m === null) return ranked;
    var back = allPoints[m.id] || [];
    return back.some(function (p) { return within(top.id, p); }) ? ranked : lead(ranked, m);
  };

  // _example_yields(): an example (例：…) found first gives way to the rule before it in its
  // section, the nearest one among the candidates within example_yield.
  Pipeline.prototype.exampleYields = function (ranked) {
    if (ranked.length < 2 || ranked[0].via !== "fulltext") return ranked;
    var top = ranked[0], ix = this.ix, sections = ix.example_sections || {};
    if ((ix.examples || []).indexOf(top.id) < 0) return ranked;
    var m = firstWithin(ranked, this.c.example_yield, function (m) {
      return hasOwn(sections, m.id) && sections[m.id] === sections[top.id] && ix.pos[m.id] < ix.pos[top.id];
    });
    return m === null ? ranked : lead(ranked, m);
  };

  Pipeline.prototype.search = function (query, limit) {
    var c = this.c, f = this.folder;
    var q = clean(query, c.max_query);
    if (!q) return [];
    var res = new Results(this);
    var fixed = null; // the query with its IME slips corrected, if any
    var number = this.parseNumber(q);
    if (number !== null && number in this.ix.pos) {
      res.add({ id: number, score: 100, via: "number", key: number, how: "exact" });
    } else if (number === null) {
      var cited = this.citedNumbers(q).filter(function (id) { return id in this.ix.pos; }, this);
      for (var ci = 0; ci < cited.length; ci++) {
        res.add({ id: cited[ci], score: c.cited - ci, via: "number", key: cited[ci], how: "cited" });
      }
    }
    var k = f.key(q);
    var stripped = stripQuestion(q);
    var ks = f.key(stripped);
    this.exact(res, k, 0, "exact");
    if (ks !== k && ks) this.exact(res, ks, c.stripped_drop, "stripped");

    // _MARKS: question and full stop marks have no sound.
    var pk = k ? this.romaji.phoneticKey(q.replace(/[?？!！。．]/g, "")) : null;
    if (pk) this.readingsStage(res, pk, 0, "exact", q);
    var pks = ks !== k && ks ? this.romaji.phoneticKey(stripped) : null;
    if (pks) this.readingsStage(res, pks, c.stripped_drop, "stripped", stripped);

    var klen = Array.from(k).length;
    // Two kanji that are no term may be a slip for one (摂食 → 接触).
    var exactFound = false;
    res.best.forEach(function (m) { if (m.how === "exact") exactFound = true; });
    if (klen >= 2 && klen <= c.short && hasJapanese(q) && !exactFound) this.slipWhole(res, stripped);
    if (klen > 0 && klen <= c.short) {
      this.prefix(res, k);
    } else if (klen > c.short) {
      this.prefix(res, k);
      // A question in hiragana alone has no word boundaries to find: its sound is searched
      // in the readings below instead.
      var hiraganaOnly = Array.from(q).every(function (ch) {
        return ("\u3041" <= ch && ch <= "\u309f") || ch === "ー" || !/[\p{L}\p{N}]/u.test(ch);
      });
      if ((hasJapanese(q) || (number === null && !isAscii(q))) && !hiraganaOnly) {
        var words = jaWords(f, q, this.vocab);
        this.fulltext(res, this.tables.ja, words, q, 0, this.weak(words));
        this.questions(res, this.tables.ja_q, words, q);
        var exactFound = false;
        res.best.forEach(function (m) { if (m.how === "exact" || m.how === "stripped") exactFound = true; });
        if (Array.from(stripped).length <= 12 && !exactFound) this.slipWhole(res, stripped);
        // A term typed in kana among other words (やまふだってどこに置く) is read too.
        var speltMixed = this.kanaTerms(f.prefold(q));
        if (speltMixed !== null) {
          var mixedWords = jaWords(f, speltMixed, this.vocab);
          this.fulltext(res, this.tables.ja, mixedWords, speltMixed, 0, this.weak(mixedWords));
          this.questions(res, this.tables.ja_q, mixedWords, speltMixed);
        }
        fixed = this.slips(stripped);
        if (fixed !== null) {
          this.exact(res, f.key(fixed), c.slip_drop, "slip");
          var fixedWords = jaWords(f, fixed, this.vocab);
          this.fulltext(res, this.tables.ja, fixedWords, fixed, c.slip_max, this.weak(fixedWords));
          this.questions(res, this.tables.ja_q, fixedWords, fixed, c.slip_max);
        }
      } else if (hiraganaOnly) {
        // Its players' words in hiragana (ぶつかる, できない) still say what it asks: they
        // are matched against the example questions, as a question in kanji would be.
        this.questions(res, this.tables.ja_q, jaWords(f, q, this.vocab), q);
      }
      var kana = pk && hasJapanese(q) ? f.toHiragana(q) : pk ? this.romaji.toKana(q) : null;
      if (kana && this.tables.kana) this.fulltext(res, this.tables.kana, jaGrams(f, kana), kana);
      var spelt = kana ? this.kanaTerms(kana) : null;
      if (spelt !== null) {
        var speltWords = jaWords(f, spelt, this.vocab);
        this.fulltext(res, this.tables.ja, speltWords, spelt, 0, this.weak(speltWords));
        this.questions(res, this.tables.ja_q, speltWords, spelt);
      }
      // LATIN_WORD: two latin letters or more, not the ｗ of a laugh.
      if (this.tables.en && /(?<![a-z])(?!w+(?![a-z]))[a-z]{2,}/.test(f.fold(q))) {
        var tokens = pairs(enRewrite(enWords(f, this.english, this.stop, q), this.english.phrases));
        this.fulltext(res, this.tables.en, tokens, q);
        this.questions(res, this.tables.en_q, tokens, q);
      }
    }
    if (klen > c.short) {
      this.cardsNamed(res, k);
      // Near spellings last, and only when nothing sure was found (as seven judge, where
      // importing the fuzzy scorer costs a cold start).
      var sureFound = false;
      res.best.forEach(function (m) { if (sure(m)) sureFound = true; });
      if (!sureFound) this.fuzzy(res, k, pk);
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
    if (!ranked.length) return [];
    ranked = this.modelReorders(fixed || q, ranked);
    ranked = this.pointerYields(ranked);
    ranked = this.exampleYields(ranked);
    ranked = this.cardFollows(q, ranked);
    ranked = this.cardFirst(q, ranked);
    ranked = this.cardDescribed(q, ranked);
    ranked = this.cardAsked(fixed || q, ranked);
    ranked = this.modelShows(fixed || q, ranked);
    var wordsFirst = ranked[0];
    ranked = this.modelLeads(fixed || q, ranked);
    var modelLed = ranked[0] !== wordsFirst ? ranked[0] : null;
    // The side a question names is read from what it means: 共生移動 names 強制移動.
    ranked = this.contrast(fixed || q, ranked);
    this.confidence(fixed || q, ranked, modelLed);
    return limit ? ranked.slice(0, limit) : ranked;
  };

  // _confidence() and the rules after it in search(): high for a number, an exact or
  // stripped term, alias, reading, card name or slip, and for a strong words or question
  // match on two telling words; a close call between two articles is low unless the model
  // is sure of the first, and low when the model put it before the words' first; a card named
  // beside an article that answers as well is low.
  var EXACT = ["exact", "stripped", "slip", "within", "cited"];
  Pipeline.prototype.confidence = function (q, ranked, modelLed) {
    var c = this.c;
    ranked.forEach(function (m) {
      var high = false;
      if (m.how === "asked") high = true;
      else if (["number", "term", "alias", "reading"].indexOf(m.via) >= 0) high = EXACT.indexOf(m.how) >= 0;
      else if (m.via === "fulltext" && (m.how === "words" || m.how === "question") && m.score >= c.strong_fulltext) {
        high = (m.evidence || 0) >= 2;
      }
      m.confidence = high ? "high" : "low";
    });
    if (!ranked.length) return;
    var first = ranked[0];
    if (ranked.length > 1 && first.via === "fulltext" && first.confidence === "high" &&
        first.how !== "asked" && ranked[1].how !== "within" && ranked[1].score > first.score - c.close_call) {
      first.confidence = "low";
    }
    if (this.byWords(first) && first.confidence === "low") {
      var p = this.modelPosterior(q);
      if (p !== null && (p.get(first.id) || 0) >= c.model.sure) first.confidence = "high";
    }
    // The model against the words: right about two times in three, no sure answer.
    if (first === modelLed) first.confidence = "low";
    var article = null;
    for (var n = 1; n < ranked.length; n++) if (ranked[n].kind === "article") { article = ranked[n]; break; }
    if (first.how === "within" && article && article.score > first.score - c.close_call) first.confidence = "low";
  };

  function create(ix) {
    if (!ix.entryIds) {
      ix.entryIds = ix.entries.map(function (e) { return e[5]; });
    }
    return new Pipeline(ix);
  }

  root.SevenSearch = { create: create, ratio: ratio };
})(typeof self !== "undefined" ? self : globalThis);
