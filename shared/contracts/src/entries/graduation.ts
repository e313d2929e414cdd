/** `@psb/contracts/graduation`: results and graduation (staff screen and the parent's view). */
export * from '../graduation';
export { STATUS_COLORS, STATUS_LABELS } from '../registrant-status';
