/**
 * The site's words in the reader's language. Each page carries the scripts' catalogue
 * (`<meta name="scorepad-words">`, from locale/<language>/LC_MESSAGES/djangojs.po:
 * scorepad/script_words.py),
 * so a page kept offline keeps its words. The English is the source: a word the catalogue
 * lacks, or a script run outside a page (the tests), says it in English.
 */

/** @typedef {{language?: string, plural?: string[], words?: Record<string, string | string[]>}} Catalogue */

const carried = globalThis.document?.querySelector('meta[name="scorepad-words"]');
/** @type {Catalogue} */
const given = carried ? JSON.parse(carried.getAttribute("content") || "{}") : {};
const words = given.words || {};
const rules = new Intl.PluralRules(given.language || "en");
// Intl.PluralRules' categories in the order of the catalogue's plural forms.
const forms = given.plural || ["one", "other"];

/**
 * @param {string} text
 * @param {Record<string, string | number>} [values]  put in for `%(name)s`
 */
export function gettext(text, values) {
  const found = words[text];
  return fill(typeof found === "string" ? found : text, values);
}

/**
 * @param {string} one
 * @param {string} many
 * @param {number} count  put in for `%(count)s`, and picks the form
 * @param {Record<string, string | number>} [values]
 */
export function ngettext(one, many, count, values) {
  const found = words[one];
  let text = count === 1 ? one : many;
  if (Array.isArray(found)) {
    const form = forms.indexOf(rules.select(count));
    text = found[form >= 0 ? form : found.length - 1];
  }
  return fill(text, { count, ...values });
}

/**
 * @param {string} text
 * @param {Record<string, string | number>} [values]
 */
function fill(text, values = {}) {
  return text.replace(/%\((\w+)\)s/g, (_, name) => String(values[name] ?? ""));
}
