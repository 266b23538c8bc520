// The names one resource goes by in each place (docs/architecture.md 'Adding a resource'), from its singular name
// in kebab case: `price-list` is the PriceList model, the priceLists contract and router key, the price-lists module.

export interface ResourceNames {
  /** price-list */
  kebab: string;
  /** price-lists: the module's and the feature's folder. */
  pluralKebab: string;
  /** priceList */
  camel: string;
  /** priceLists: the contract's name, the tRPC router key, the fixture key. */
  pluralCamel: string;
  /** PriceList: the Prisma model. */
  pascal: string;
  /** PriceLists */
  pluralPascal: string;
  /** price list / price lists: the contract's labels. */
  words: string;
  pluralWords: string;
  /** price_lists: the migration's name. */
  snakePlural: string;
}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;

export function pluralOf(kebab: string): string {
  if (/[^aeiou]y$/.test(kebab)) return `${kebab.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(kebab)) return `${kebab}es`;
  return `${kebab}s`;
}

const camelOf = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascalOf = (kebab: string) => camelOf(kebab).replace(/^[a-z]/, (c) => c.toUpperCase());

export function namesOf(kebab: string, plural = pluralOf(kebab)): ResourceNames {
  for (const name of [kebab, plural]) {
    if (!KEBAB.test(name)) throw new Error(`"${name}": a resource's name is lower-case kebab case (price-list)`);
  }
  if (plural === kebab) throw new Error('the plural must differ from the singular (--plural)');
  return {
    kebab,
    pluralKebab: plural,
    camel: camelOf(kebab),
    pluralCamel: camelOf(plural),
    pascal: pascalOf(kebab),
    pluralPascal: pascalOf(plural),
    words: kebab.replace(/-/g, ' '),
    pluralWords: plural.replace(/-/g, ' '),
    snakePlural: plural.replace(/-/g, '_'),
  };
}
