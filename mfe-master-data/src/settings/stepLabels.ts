/** The three registration step explainers, in page order. */
export const STEP_KEYS_LABELS = [
  ['register', 'Pendaftaran'],
  ['payment', 'Pembayaran'],
  ['biodata', 'Biodata'],
] as const;
