/** Payment master data beyond the resource declarations: channels, the admin-fee rule, the extra endpoints. */
export * from './payments/channels';
export * from './payments/fees';
export * from './payments/setup';
