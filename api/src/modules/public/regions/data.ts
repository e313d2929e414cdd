import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findRepoRoot } from '../../../lib/root';
import { REGION_ALIASES } from './aliases';

/**
 * Indonesian regions (idn-area-data 4.0.1: provinces, regencies, districts, villages with Kemendagri codes)
 * joined BY VILLAGE CODE with the postal codes of api/data/kodepos-codes.csv. Global reference data, the same
 * for every tenant: each process builds this index once (about 100 ms) and answers every lookup from memory.
 * Lookups are by name (what the form stores), case- and space-insensitive.
 */

export interface Area {
  code: string;
  name: string;
}
interface District extends Area {
  villages: Area[];
  /** normalised village name → postal codes (distinct, in village order) with the first village's code. */
  postal: Map<string, { code: string; kodepos: string }[]>;
}
interface Regency extends Area {
  districts: District[];
  byName: Map<string, District>;
}
interface Province extends Area {
  regencies: Regency[];
  byName: Map<string, Regency>;
}

export interface RegionIndex {
  provinces: Province[];
  byName: Map<string, Province>;
}

export const normalizeName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Rows of an RFC 4180 CSV file (quoted fields with "" escapes); the header row is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.slice(1);
}

function dataDirs() {
  const root = findRepoRoot();
  const req = createRequire(path.join(root, 'api', 'package.json'));
  return {
    areas: path.join(path.dirname(req.resolve('idn-area-data/package.json')), 'data'),
    postal: path.join(root, 'api', 'data', 'kodepos-codes.csv'),
  };
}

const read = (file: string) => parseCsv(fs.readFileSync(file, 'utf8'));

export function buildRegionIndex(): RegionIndex {
  const dirs = dataDirs();
  const postalByVillage = new Map(read(dirs.postal).map(([code, kodepos]) => [code!, kodepos!]));
  const byCode = <T>(list: T[], code: (t: T) => string) => new Map(list.map((t) => [code(t), t]));

  const provinces: Province[] = read(path.join(dirs.areas, 'provinces.csv')).map(([code, name]) => ({
    code: code!,
    name: name!,
    regencies: [],
    byName: new Map(),
  }));
  const provinceByCode = byCode(provinces, (p) => p.code);
  const regencies: Regency[] = [];
  for (const [code, provinceCode, name] of read(path.join(dirs.areas, 'regencies.csv'))) {
    const r: Regency = { code: code!, name: name!, districts: [], byName: new Map() };
    provinceByCode.get(provinceCode!)?.regencies.push(r);
    regencies.push(r);
  }
  const regencyByCode = byCode(regencies, (r) => r.code);
  const districts: District[] = [];
  for (const [code, regencyCode, name] of read(path.join(dirs.areas, 'districts.csv'))) {
    const d: District = { code: code!, name: name!, villages: [], postal: new Map() };
    regencyByCode.get(regencyCode!)?.districts.push(d);
    districts.push(d);
  }
  const districtByCode = byCode(districts, (d) => d.code);
  for (const [code, districtCode, name] of read(path.join(dirs.areas, 'villages.csv'))) {
    const d = districtByCode.get(districtCode!);
    if (!d) continue;
    const key = normalizeName(name!);
    const list = d.postal.get(key) ?? [];
    // A name twice in one kecamatan is listed once; its postal codes are all kept.
    if (!d.postal.has(key)) d.villages.push({ code: code!, name: name! });
    d.postal.set(key, list);
    const kodepos = postalByVillage.get(code!);
    if (!kodepos) continue;
    if (!list.some((p) => p.kodepos === kodepos)) list.push({ code: code!, kodepos });
  }

  const collator = new Intl.Collator('id');
  const byNameSorted = <T extends Area>(list: T[]) => list.sort((a, b) => collator.compare(a.name, b.name));
  byNameSorted(provinces);
  for (const p of provinces) {
    byNameSorted(p.regencies);
    for (const r of p.regencies) {
      p.byName.set(normalizeName(r.name), r);
      byNameSorted(r.districts);
      for (const d of r.districts) {
        r.byName.set(normalizeName(d.name), d);
        byNameSorted(d.villages);
      }
    }
  }
  return { provinces, byName: new Map(provinces.map((p) => [normalizeName(p.name), p])) };
}

let index: RegionIndex | undefined;
/** The index of this process, built on first use. */
export function regionIndex(): RegionIndex {
  index ??= buildRegionIndex();
  return index;
}

const province = (ix: RegionIndex, p: string) => ix.byName.get(normalizeName(p));
const regency = (ix: RegionIndex, p: string, k: string) => province(ix, p)?.byName.get(normalizeName(k));
const district = (ix: RegionIndex, p: string, k: string, c: string) =>
  regency(ix, p, k)?.byName.get(normalizeName(c));

const ALIASES_BY_NAME = new Map(
  Object.entries(REGION_ALIASES).map(([name, a]) => [normalizeName(name), [...a]]),
);
const aliasesOf = (name: string) => ALIASES_BY_NAME.get(normalizeName(name));

/** An item's short forms ("DKI", "Jogja"), only when it has some. */
const withAliases = <T extends object>(item: T, name: string) => {
  const alias = aliasesOf(name);
  return alias ? { ...item, alias } : item;
};

export const listProvinsi = (ix: RegionIndex) =>
  ix.provinces.map((p) => withAliases({ code: p.code, nama: p.name }, p.name));
export const listKabupaten = (ix: RegionIndex, p: string) =>
  (province(ix, p)?.regencies ?? []).map((r) => withAliases({ code: r.code, kota_kab: r.name }, r.name));
export const listKecamatan = (ix: RegionIndex, p: string, k: string) =>
  (regency(ix, p, k)?.districts ?? []).map((d) => ({ code: d.code, kecamatan: d.name }));
export const listKelurahan = (ix: RegionIndex, p: string, k: string, c: string) =>
  (district(ix, p, k, c)?.villages ?? []).map((v) => ({ code: v.code, kelurahan: v.name }));
export const listKodePos = (ix: RegionIndex, p: string, k: string, c: string, v: string) =>
  district(ix, p, k, c)?.postal.get(normalizeName(v)) ?? [];
