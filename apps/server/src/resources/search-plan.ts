import { phoneSearchDigits } from '@crm/domain';
import { AppError } from '../core/app-error.js';
import { containsLiteral, unescapeRegex } from './filter-compiler.js';
import type { Access } from './resource-access.js';
import type { FieldDef, ResourceDefinition, Where } from './resource.types.js';

// The keyword search's condition (GET {path}/search): every search field the caller may see contains the text,
// case-insensitively; a phone field (`searchDigits`) also contains the digits of a text typed like a phone.
//
// With a `searchColumn` (all the search fields' values in one stored text, trigram-indexed) and a caller who may see
// every search field, the same condition is found through that one column: `searchColumn contains <lead>` finds the
// candidates in one index scan, and the fields' own matches, unchanged, are checked on those candidates only. The
// lead is a part of the text that any match contains, so the answer is exactly the fields' matches. A trigram index
// reads slowly for trigrams that nearly every row has (+971 50 of every phone, @example.com of every email): the lead
// leaves out such a shared head or tail when the text has one (measured with npm run bench: docs/architecture.md).
//
// With a `searchWordsColumn` too (every beginning of every word of those fields behind the record's asset,
// '<assetId>:<beginning>', kept by the database), a keyword made of words only (no digit, no @: a name) is a full-text
// search: each of its words begins a word of the record, in any order ('khan fat' finds Fatima Khan). Its words are
// exact keys of one index, far cheaper than the trigrams a common name shares with thousands of others, and only the
// asset's own. Numbers, phones, emails and ids keep the substring match above; one with seven digits or more finds its
// candidates by the key of its last seven digits (the same column holds every run of seven digits of the fields,
// '<assetId>:#0333333'), which any match contains, instead of trigrams shared by most phones of a book.
//
// With a `searchNumbersColumn` (every run of four digits inside the numbers of the search fields: listings'
// searchNumbers, '0500'), a keyword holding a number of four digits or more (a reference, L-0500000) finds its
// candidates by the keys of every run of four of its numbers, which any field containing the keyword contains, and
// the fields' own matches (and the asset) are checked on those: the same answers as field by field, without the
// trigrams ('000', '050') that the number shares with most references.

/** Digits of a phone's end that tell numbers apart; the head (country, operator) is shared by most of a book. */
const PHONE_TAIL_DIGITS = 7;
/** A keyword made of phone characters only: digits with spaces, dashes, dots, slashes, brackets or a plus (escaped or not). */
const PHONE_TEXT = /^[\d\s+\-./()\\]+$/;
const EMAIL_TEXT = /^([^@\s]{3,})@/;

/** The end of `text` that holds its last `count` digits (all of it when it has fewer). */
function tailWithDigits(text: string, count: number): string {
  let seen = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (/\d/.test(text.charAt(i)) && ++seen === count) return text.slice(i);
  }
  return text;
}

/**
 * The part of the keyword that leads the index scan: a phone's last digits, an email's name before the `@`, else the
 * whole text. Always a part of the text itself (the regex unescaping of containsLiteral leaves these parts alone).
 */
export function searchLead(text: string): string {
  if (PHONE_TEXT.test(text)) return tailWithDigits(text, PHONE_TAIL_DIGITS).trim();
  return EMAIL_TEXT.exec(text)?.[1] ?? text;
}

/** Where words split: white space, ASCII punctuation and U+001F, as the database's search_word_keys(). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+001F separates the fields in the database; the same rule here.
const WORD_SEPARATORS = /[\s!-/:-@[-`{-~\x1f]+/;
/** The longest word beginning the database keeps; a longer typed word is looked up by its first characters. */
const WORD_PREFIX_MAX = 24;

/** Digits that make a digit key: a keyword with this many finds its candidates by the key of its last ones. */
const DIGIT_KEY_LENGTH = 7;

/** The digit key of a keyword's digits (its last seven), or null when it has fewer. */
export function digitKey(digits: string | null): string | null {
  return digits && digits.length >= DIGIT_KEY_LENGTH ? `#${digits.slice(-DIGIT_KEY_LENGTH)}` : null;
}

/** A keyword's words, lower-cased, when it is made of words only (a name); null for numbers, phones and emails. */
export function keywordWords(text: string): string[] | null {
  if (/[\d@]/.test(text)) return null;
  const words = text
    .toLowerCase()
    .split(WORD_SEPARATORS)
    .filter(Boolean)
    .map((word) => word.slice(0, WORD_PREFIX_MAX));
  return words.length ? [...new Set(words)] : null;
}

/** Digits of a number key: a keyword's number of this many or more finds its candidates by its keys. */
const NUMBER_KEY_LENGTH = 4;

/**
 * The number keys ('0500') every text containing `text` has: each run of four digits inside its numbers of four digits
 * or more (its digits split at any other character, as the database's search_number_keys()); null when it has none.
 */
export function numberKeys(text: string): string[] | null {
  const keys = new Set<string>();
  for (const run of text.match(/[0-9]{4,}/g) ?? []) {
    for (let i = 0; i + NUMBER_KEY_LENGTH <= run.length; i++) keys.add(run.slice(i, i + NUMBER_KEY_LENGTH));
  }
  return keys.size ? [...keys] : null;
}

/** The part of a typed phone's digits that leads the index scan: their end. */
export function digitsLead(digits: string): string {
  return tailWithDigits(digits, PHONE_TAIL_DIGITS);
}

export function searchWhere(def: ResourceDefinition, keyword: string | undefined, access: Access): Where | null {
  const text = keyword?.trim();
  if (!text) return null;
  if (text.length > 200) throw AppError.validation({ keyword: ['The search text is too long.'] });
  const all = def.search.map((name) => def.fields.get(name)).filter((f): f is FieldDef => !!f);
  const fields = all.filter((f) => !f.sensitive || access.sensitive);
  if (!fields.length) throw AppError.validation({ keyword: ['Search is not available here.'] });
  const arms = fields.map((f) => containsLiteral(f.column, text));
  // A phone typed the way people write it ('+971 50-123 4567', regex-escaped by the screens) matches the digits a
  // phone field stores.
  const digits = phoneSearchDigits(unescapeRegex(text));
  const digitArms = digits && digits !== text ? fields.filter((f) => f.searchDigits).map((f) => containsLiteral(f.column, digits)) : [];
  // A number of four digits or more (a reference): candidates by its keys, unless a phone field is matched by the
  // typed digits, which need not hold the keyword's numbers. The fields it may see are checked on them.
  const numbersColumn = def.facts.searchNumbersColumn;
  const numbers = numbersColumn && !digitArms.length ? numberKeys(unescapeRegex(text)) : null;
  if (numbersColumn && numbers) return { AND: [{ [numbersColumn]: { hasEvery: numbers } }, { OR: arms }] };
  const column = def.facts.searchColumn;
  // The column holds every search field: a caller who may not see some of them searches the fields he sees.
  if (!column || fields.length < all.length) return { OR: [...arms, ...digitArms] };
  const wordsColumn = def.facts.searchWordsColumn;
  const words = wordsColumn && access.assetId ? keywordWords(text) : null;
  if (wordsColumn && words) return { [wordsColumn]: { hasEvery: words.map((word) => `${access.assetId}:${word}`) } };
  // Seven digits or more (typed as a phone, or a number alone): a field containing the text, or a phone containing its
  // digits, contains the key's seven digits.
  const key = wordsColumn && access.assetId ? digitKey(digits) : null;
  if (wordsColumn && key) return { AND: [{ [wordsColumn]: { has: `${access.assetId}:${key}` } }, { OR: [...arms, ...digitArms] }] };
  const through = (lead: string, matches: Where[]): Where => ({ AND: [containsLiteral(column, lead), { OR: matches }] });
  const or = [through(searchLead(text), arms)];
  if (digits && digitArms.length) or.push(through(digitsLead(digits), digitArms));
  return { OR: or };
}
