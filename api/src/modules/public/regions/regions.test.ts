import {
  kabupatenResponseSchema,
  kecamatanResponseSchema,
  kelurahanResponseSchema,
  kodePosResponseSchema,
  provinsiResponseSchema,
} from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { parseCsv } from './data';

const t = appPerFile({ signIn: false });

const get = (path: string, query: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: `/api/v1/public/${path}?${new URLSearchParams(query)}` });

describe('short forms of region names', () => {
  it('carries the aliases parents search by: DKI, Jogja, Jaksel', async () => {
    const provinces = provinsiResponseSchema.parse((await get('provinsi')).body).data;
    const byAlias = (a: string) => provinces.filter((p) => p.alias?.includes(a)).map((p) => p.nama);
    expect(byAlias('dki')).toEqual(['Daerah Khusus Ibukota Jakarta']);
    expect(byAlias('jogja')).toEqual(['Daerah Istimewa Yogyakarta']);
    expect(byAlias('yogya')).toEqual(['Daerah Istimewa Yogyakarta']);
    expect(provinces.find((p) => p.nama === 'Aceh')).toEqual({ code: '11', nama: 'Aceh' });
    const kab = kabupatenResponseSchema.parse(
      (await get('kabupaten', { provinsi_name: 'Daerah Khusus Ibukota Jakarta' })).body,
    ).data;
    expect(kab.find((k) => k.alias?.includes('jaksel'))?.kota_kab).toBe('Kota Administrasi Jakarta Selatan');
  });
});

describe('address cascade (idn-area-data joined with postal codes by village code)', () => {
  it('walks Jawa Barat → Kota Bandung → Coblong → Dago → 40135', async () => {
    const prov = await get('provinsi');
    expect(prov.status).toBe(200);
    expect(prov.headers['cache-control']).toBe('public, max-age=86400');
    const provinces = provinsiResponseSchema.parse(prov.body).data;
    expect(provinces).toHaveLength(38);
    expect(provinces).toContainEqual({ code: '32', nama: 'Jawa Barat', alias: ['jabar'] });

    const kab = kabupatenResponseSchema.parse(
      (await get('kabupaten', { provinsi_name: 'Jawa Barat' })).body,
    ).data;
    expect(kab.map((k) => k.kota_kab)).toContain('Kota Bandung');
    expect(kab.length).toBe(27);

    const kec = kecamatanResponseSchema.parse(
      (await get('kecamatan', { provinsi_name: 'Jawa Barat', kabupaten_name: 'Kota Bandung' })).body,
    ).data;
    expect(kec.map((k) => k.kecamatan)).toContain('Coblong');

    const kel = kelurahanResponseSchema.parse(
      (
        await get('kelurahan', {
          provinsi_name: 'Jawa Barat',
          kabupaten_name: 'Kota Bandung',
          kecamatan_name: 'Coblong',
        })
      ).body,
    ).data;
    // One kecamatan's list, not the country.
    expect(kel.map((k) => k.kelurahan).sort()).toEqual(
      ['Cipaganti', 'Dago', 'Lebak Gede', 'Lebak Siliwangi', 'Sadang Serang', 'Sekeloa'].sort(),
    );

    const pos = await get('kode_pos', {
      provinsi_name: 'jawa barat',
      kabupaten_name: 'KOTA BANDUNG',
      kecamatan_name: ' Coblong ',
      kelurahan_name: 'Dago',
    });
    expect(kodePosResponseSchema.parse(pos.body).data).toEqual([{ code: '32.73.02.1004', kodepos: '40135' }]);
  });

  it('offers every postal code of a name that stands for two villages', async () => {
    const res = await get('kode_pos', {
      provinsi_name: 'Papua',
      kabupaten_name: 'Kota Jayapura',
      kecamatan_name: 'Heram',
      kelurahan_name: 'Waena',
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { kodepos: string }[]).map((p) => p.kodepos).sort()).toEqual(['99328', '99332']);
    const kel = await get('kelurahan', {
      provinsi_name: 'Papua',
      kabupaten_name: 'Kota Jayapura',
      kecamatan_name: 'Heram',
    });
    expect((kel.body.data as { kelurahan: string }[]).filter((k) => k.kelurahan === 'Waena')).toHaveLength(1);
  });

  it('answers an empty list for unknown or missing names', async () => {
    for (const [path, query] of [
      ['kabupaten', { provinsi_name: 'Atlantis' }],
      ['kabupaten', {}],
      ['kecamatan', { provinsi_name: 'Jawa Barat', kabupaten_name: 'Kota Atlantis' }],
      [
        'kelurahan',
        { provinsi_name: 'Jawa Barat', kabupaten_name: 'Kota Bandung', kecamatan_name: 'Tidak Ada' },
      ],
      [
        'kode_pos',
        {
          provinsi_name: 'Jawa Barat',
          kabupaten_name: 'Kota Bandung',
          kecamatan_name: 'Coblong',
          kelurahan_name: 'X',
        },
      ],
    ] as const) {
      const res = await get(path, query);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 200,
        body: { success: true, data: [] },
      });
    }
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,b\n1,"Lubuk Pakam I,II"\n2,"Soka""an"\n')).toEqual([
      ['1', 'Lubuk Pakam I,II'],
      ['2', 'Soka"an'],
    ]);
  });
});
