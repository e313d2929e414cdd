/** `@psb/api-client/session`: the session store (one copy for all apps) and the drafts bound to it. */
export { clearDeviceDrafts, DRAFT_PREFIX, deviceDraftKey } from '../drafts/deviceDrafts';
export { decrypt, encrypt } from '../session/cipher';
export { RETURN_PARAM, safeReturnPath } from '../session/returnPath';
export {
  SESSION_STORAGE_KEY,
  type SessionActions,
  type SessionArea,
  type SessionData,
  type SignIn,
  session,
  userDraftKey,
  useSession,
} from '../session/sessionStore';
export { signedInAt, signedInWithin } from '../session/signedInAt';
