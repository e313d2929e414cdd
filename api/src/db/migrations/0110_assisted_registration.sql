-- Accounts made by staff for a walk-in parent carry a temporary password the parent must replace on first
-- sign-in; the flag is cleared by every password change.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- The owner of a registrant staff registered without an account: nobody can sign in as it (no contact, no
-- voucher, a random password never shown) until staff give it the parent's contacts.
ALTER TABLE users ADD COLUMN account_pending boolean NOT NULL DEFAULT false;
ALTER TABLE users DROP CONSTRAINT users_contact_check;
ALTER TABLE users ADD CONSTRAINT users_contact_check
  CHECK (email IS NOT NULL OR phone_number IS NOT NULL OR voucher_account OR account_pending);
