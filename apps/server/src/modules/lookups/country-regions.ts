import type { ICity, IState } from '@countrystatecity/countries';
import type { City, State } from '@crm/domain';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

// A country's states and cities from @countrystatecity/countries, which keeps one JSON file per country's states
// and one per state's cities ('data/United_Arab_Emirates-AE/Dubai-DU/cities.json'): only the ones asked for are
// read (the whole world's cities would take tens of megabytes). The files are read here rather than through the
// package's getters, whose dynamic imports depend on how the code is bundled. The last few countries asked for
// stay in memory, trimmed to the fields the lookups answer.

const KEEP_COUNTRIES = 8;
const cache = new Map<string, Promise<{ states: State[]; cities: City[] }>>();

const DATA_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@countrystatecity/countries')), 'data');

/** 'AE' -> 'United_Arab_Emirates-AE': folders end with the ISO code. */
async function folderOf(dir: string, isoCode: string): Promise<string | undefined> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.find((entry) => entry.isDirectory() && entry.name.endsWith(`-${isoCode}`))?.name;
}

async function readJson<T>(file: string): Promise<T[]> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T[];
  } catch {
    return [];
  }
}

async function read(isoCode: string): Promise<{ states: State[]; cities: City[] }> {
  const country = await folderOf(DATA_DIR, isoCode);
  if (!country) return { states: [], cities: [] };
  const countryDir = path.join(DATA_DIR, country);
  const found = await readJson<IState>(path.join(countryDir, 'states.json'));
  const states = found.map((s) => ({ _id: s.iso3166_2 ?? `${isoCode}-${s.iso2}`, name: s.name, isoCode: s.iso2, countryCode: isoCode }));
  const folders = await readdir(countryDir, { withFileTypes: true });
  const perState = await Promise.all(
    folders.filter((entry) => entry.isDirectory()).map((entry) => readJson<ICity>(path.join(countryDir, entry.name, 'cities.json'))),
  );
  const cities = perState.flat().map((c) => ({ _id: String(c.id), name: c.name, countryCode: isoCode, stateCode: c.state_code || null }));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  return { states: states.sort(byName), cities: cities.sort(byName) };
}

/** The states and cities of a country by ISO code (none for a code the package does not know). */
export function countryRegions(isoCode: string): Promise<{ states: State[]; cities: City[] }> {
  const hit = cache.get(isoCode);
  if (hit) {
    cache.delete(isoCode);
    cache.set(isoCode, hit);
    return hit;
  }
  const loading = read(isoCode).catch((error: unknown) => {
    cache.delete(isoCode);
    throw error;
  });
  cache.set(isoCode, loading);
  for (const key of cache.keys()) {
    if (cache.size <= KEEP_COUNTRIES) break;
    cache.delete(key);
  }
  return loading;
}
