-- 0271: a result letter per outcome. The graduation letter ('graduation') is the accepted one; a reserve
-- result and a "not accepted" one get letters of their own, each with a layout and title staff edit, so a
-- congratulation written for the accepted never reaches a family that was not accepted.
ALTER TABLE document_formats DROP CONSTRAINT document_formats_kind_check;
ALTER TABLE document_formats ADD CONSTRAINT document_formats_kind_check CHECK (kind IN (
  'test_card', 'result_card', 'spotc', 'recap', 'graduation', 'graduation_reserve', 'graduation_rejected'));
