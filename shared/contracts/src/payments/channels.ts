/** Where a parent can pay: a bank's virtual account, Mandiri bill payment, or a QRIS code. */
export const PAYMENT_CHANNELS = ['bca', 'bni', 'bri', 'cimb', 'permata', 'mandiri', 'qris'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** How a parent pays through each channel, in the order the steps are done. */
export const CHANNEL_INFO: Record<PaymentChannel, { label: string; numberLabel: string; steps: string[] }> = {
  bca: {
    label: 'BCA Virtual Account',
    numberLabel: 'Nomor Virtual Account',
    steps: [
      'Buka BCA mobile atau KlikBCA, pilih m-Transfer lalu BCA Virtual Account.',
      'Masukkan nomor Virtual Account di atas.',
      'Periksa nama dan jumlah tagihan, lalu masukkan PIN.',
      'Hanya dapat dibayar dari rekening BCA.',
    ],
  },
  bni: {
    label: 'BNI Virtual Account',
    numberLabel: 'Nomor Virtual Account',
    steps: [
      'Buka BNI Mobile Banking, pilih Transfer lalu Virtual Account Billing.',
      'Masukkan nomor Virtual Account di atas.',
      'Periksa jumlah tagihan lalu konfirmasi dengan kata sandi transaksi.',
      'Dapat juga dibayar dari bank lain melalui transfer antarbank.',
    ],
  },
  bri: {
    label: 'BRI Virtual Account',
    numberLabel: 'Nomor Virtual Account',
    steps: [
      'Buka BRImo, pilih Pembayaran lalu BRIVA.',
      'Masukkan nomor Virtual Account di atas.',
      'Periksa jumlah tagihan lalu masukkan PIN.',
      'Dapat juga dibayar dari bank lain melalui transfer antarbank.',
    ],
  },
  cimb: {
    label: 'CIMB Niaga Virtual Account',
    numberLabel: 'Nomor Virtual Account',
    steps: [
      'Buka OCTO Mobile, pilih Transfer lalu Virtual Account.',
      'Masukkan nomor Virtual Account di atas.',
      'Periksa jumlah tagihan lalu konfirmasi.',
    ],
  },
  permata: {
    label: 'Permata Virtual Account',
    numberLabel: 'Nomor Virtual Account',
    steps: [
      'Buka PermataMobile X, pilih Pembayaran Tagihan lalu Virtual Account.',
      'Masukkan nomor Virtual Account di atas.',
      'Periksa jumlah tagihan lalu konfirmasi.',
      'Dapat juga dibayar dari bank lain melalui transfer antarbank.',
    ],
  },
  mandiri: {
    label: 'Mandiri Bill Payment',
    numberLabel: 'Kode Pembayaran',
    steps: [
      "Buka Livin' by Mandiri, pilih Bayar lalu cari Midtrans (kode perusahaan di atas).",
      'Masukkan kode pembayaran di atas.',
      'Periksa jumlah tagihan lalu masukkan PIN.',
      'Hanya dapat dibayar dari rekening Mandiri.',
    ],
  },
  qris: {
    label: 'QRIS',
    numberLabel: 'Kode QR',
    steps: [
      'Buka aplikasi bank atau dompet digital yang mendukung QRIS.',
      'Pindai kode QR di atas.',
      'Periksa jumlah tagihan lalu konfirmasi.',
    ],
  },
};

/** The channels as parents and staff read them. */
export const PAYMENT_CHANNEL_OPTIONS: readonly { value: PaymentChannel; label: string }[] =
  PAYMENT_CHANNELS.map((value) => ({
    value,
    label: CHANNEL_INFO[value].label,
  }));

/** Channels a new school payment offers until staff choose otherwise (the column default). */
export const DEFAULT_SCHOOL_PAYMENT_CHANNELS: readonly PaymentChannel[] = [
  'bca',
  'bni',
  'bri',
  'mandiri',
  'permata',
];
