/**
 * Short forms parents type for a region, by its official name: the official names are long ("Daerah Khusus
 * Ibukota Jakarta", "Kota Administrasi Jakarta Selatan") and nobody searches for them that way. Sent with the
 * region lists so the searchable selects find "DKI", "Jogja" or "Jaksel". Lower case, as they are matched.
 */
export const REGION_ALIASES: Record<string, readonly string[]> = {
  'Daerah Khusus Ibukota Jakarta': ['dki', 'dki jakarta', 'jakarta'],
  'Daerah Istimewa Yogyakarta': ['diy', 'jogja', 'yogya', 'jogjakarta', 'yogyakarta'],
  'Jawa Barat': ['jabar'],
  'Jawa Tengah': ['jateng'],
  'Jawa Timur': ['jatim'],
  'Sumatera Utara': ['sumut'],
  'Sumatera Barat': ['sumbar'],
  'Sumatera Selatan': ['sumsel'],
  'Kalimantan Barat': ['kalbar'],
  'Kalimantan Tengah': ['kalteng'],
  'Kalimantan Selatan': ['kalsel'],
  'Kalimantan Timur': ['kaltim'],
  'Kalimantan Utara': ['kaltara'],
  'Sulawesi Utara': ['sulut'],
  'Sulawesi Tengah': ['sulteng'],
  'Sulawesi Selatan': ['sulsel'],
  'Sulawesi Tenggara': ['sultra'],
  'Sulawesi Barat': ['sulbar'],
  'Nusa Tenggara Barat': ['ntb'],
  'Nusa Tenggara Timur': ['ntt'],
  'Kepulauan Bangka Belitung': ['babel', 'bangka belitung'],
  'Kepulauan Riau': ['kepri'],
  'Kota Administrasi Jakarta Selatan': ['jaksel', 'jakarta selatan'],
  'Kota Administrasi Jakarta Timur': ['jaktim', 'jakarta timur'],
  'Kota Administrasi Jakarta Barat': ['jakbar', 'jakarta barat'],
  'Kota Administrasi Jakarta Utara': ['jakut', 'jakarta utara'],
  'Kota Administrasi Jakarta Pusat': ['jakpus', 'jakarta pusat'],
  'Kota Yogyakarta': ['jogja', 'yogya', 'kota jogja'],
};
