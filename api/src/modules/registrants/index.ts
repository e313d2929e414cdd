/**
 * The registrant (calon murid) from the parent's form to the staff's desk: the parent's journey (parent/),
 * registrations made by staff for a family (assisted/), the staff's list and tools (staff/), the school's
 * internal registrants (internal/) and the uploaded documents (documents/).
 */

export { onSubmitted } from './after-submission';
export { recountUsedQuota, refreshUsedQuota, takenPlacesOf } from './class-quota';
export { default as uploadRoutes } from './documents/routes';
export { openOffer } from './offers/open';
export { seatFreedByWithdrawal } from './offers/release';
export { awaitsSignature } from './offers/repository';
export { default as offerRoutes } from './offers/routes';
export { default as registrantRoutes } from './parent/routes';
export { joinPlacement, registrantsAsR } from './placement';
export { nextRegistrationNumber } from './registration-number';
export { markWithdrawnAfterResult, publishCards, publishResult, saveResultDraft } from './results';
export { editAnswers } from './staff/answer-edit';
export { default as staffRegistrantRoutes } from './staff/routes';
export { default as registrantStaffToolRoutes } from './staff/staff-tools-routes';
export { lockRegistrant, moveAll, moveByRule, scheduleSeated, transition } from './status';
