/** `@psb/contracts/content`: staff-edited content and document formats (the Pengaturan screens). */
export * from '../content';
export * from '../documents';
