-- 0280: the public announcement pages (page content by key: interview announcement, registration steps,
-- interview guide) are read by every parent in the same minute on results day. Their answers are kept per
-- version like the staff registrant list (0210): any change of a config row raises the tenant's
-- `announcements` version in the writing transaction, so no instance serves what another has changed.
SELECT watch_list('configs', 'announcements', 'value');
