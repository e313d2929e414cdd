-- 0281: results day. The public status check (registration number + birth date) and each parent's published
-- result are read by every parent in the same minute. Their answers are kept per version like the staff
-- registrant list (0210): a change of a registrant (its status, result, name, answers), of an accepted status
-- or of a bill shown with the result raises the tenant's `results` version in the writing transaction, so no
-- instance serves what another has already changed.
SELECT watch_list('registrants', 'results');
SELECT watch_list('mst_accepted_statuses', 'results');
SELECT watch_list('registrant_header_payments', 'results');
SELECT watch_list('mst_type_payments', 'results', 'name');
