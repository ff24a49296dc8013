/* The viewer's words in the page's language: `T("move {n} of {total}", {n, total})`. The words
 * come from /viewer/words.js (the service's catalogues, negotiated by Accept-Language like the page
 * itself); a msgid without a translation is shown as written (English). */
"use strict";

const I18N = (() => {
  const words = (typeof window !== "undefined" && window.REFEREE_WORDS) || {};
  const fill = (text, params) => (params
    ? text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, k) => (k in params ? String(params[k]) : m))
    : text);
  const t = (msgid, params) => fill(Object.prototype.hasOwnProperty.call(words, msgid) ? words[msgid] : msgid, params);
  return { t, lang: document.documentElement.lang || "en" };
})();
const T = I18N.t;  // T: `t` is a local name all over the scripts
