import { z } from './zod';

/**
 * Address cascade of the registrant form: province → kabupaten/kota → kecamatan → kelurahan/desa →
 * kode pos, looked up by NAME (as the answers store names) with the spec's parameter and field names. Each item
 * also carries its Kemendagri code. Unknown names answer an empty list. Data: idn-area-data 4.0.1 (ODbL) joined
 * by village code with Cahya DSN's postal codes (MIT).
 */

const name = z.string().trim().max(100).optional().default('');

export const kabupatenQuerySchema = z.object({ provinsi_name: name });
export const kecamatanQuerySchema = z.object({ provinsi_name: name, kabupaten_name: name });
export const kelurahanQuerySchema = z.object({
  provinsi_name: name,
  kabupaten_name: name,
  kecamatan_name: name,
});
export const kodePosQuerySchema = z.object({
  provinsi_name: name,
  kabupaten_name: name,
  kecamatan_name: name,
  kelurahan_name: name,
});

const list = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ success: z.literal(true), data: z.array(z.object({ code: z.string(), ...shape })) });

/** Short forms a parent may search by ("DKI", "Jogja", "Jaksel"), on the items that have them. */
const alias = z.array(z.string()).optional();
export const provinsiResponseSchema = list({ nama: z.string(), alias });
export const kabupatenResponseSchema = list({ kota_kab: z.string(), alias });
export const kecamatanResponseSchema = list({ kecamatan: z.string() });
export const kelurahanResponseSchema = list({ kelurahan: z.string() });
/** A kelurahan name can stand for several villages with different postal codes: every code is offered. */
export const kodePosResponseSchema = list({ kodepos: z.string() });

export type Provinsi = z.infer<typeof provinsiResponseSchema>['data'][number];
export type Kabupaten = z.infer<typeof kabupatenResponseSchema>['data'][number];
export type Kecamatan = z.infer<typeof kecamatanResponseSchema>['data'][number];
export type Kelurahan = z.infer<typeof kelurahanResponseSchema>['data'][number];
export type KodePos = z.infer<typeof kodePosResponseSchema>['data'][number];
