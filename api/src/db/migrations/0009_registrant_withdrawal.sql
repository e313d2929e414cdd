-- A parent may withdraw an application that staff have not verified yet. The row is kept (history, audit,
-- the registration number stays taken); it is soft-deleted at the same moment so every place that counts live
-- registrants (class places, one registrant per voucher, staff lists) already treats it as gone.
ALTER TABLE registrants
  ADD COLUMN withdrawn_at timestamptz,
  ADD COLUMN withdraw_reason text CHECK (char_length(withdraw_reason) <= 300);
