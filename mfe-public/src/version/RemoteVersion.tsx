/**
 * Which build of this remote is live, for the deployment checks (the e2e test reads it); kept out of what
 * users see — the app version in the footer is the one they need.
 */
export function RemoteVersion() {
  return (
    <span hidden data-testid="remote-version">
      mfe-public v{__REMOTE_VERSION__}
    </span>
  );
}
