/** `@psb/contracts/resources`: the resource declarations and the engine's http contract (staff console). */
export * from '../resources';
export * from '../role-modules';
export * from '../vouchers';
